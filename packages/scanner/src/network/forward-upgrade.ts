import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { EgressProxyContext } from "./egress-proxy-context.js";
import { parseProxyTarget } from "./parse-proxy-target.js";
import { toForwardedHeaders } from "./to-forwarded-headers.js";
import { tunnelToTarget } from "./tunnel-to-target.js";

/**
 * An absolute-form upgrade request (`GET http://host/chat` with `Upgrade: websocket`): the handshake is
 * forwarded on a raw upstream socket, and after it both sides talk through the spliced sockets.
 */
export function forwardUpgrade(
  context: EgressProxyContext,
  request: { req: IncomingMessage; socket: Duplex; head: Buffer },
): Promise<void> {
  const { req } = request;
  const target = parseProxyTarget(req.url ?? "");
  const headers = toForwardedHeaders(req.rawHeaders, { host: target?.hostHeader ?? "", keepUpgrade: true });
  const lines = [`${req.method ?? "GET"} ${target?.path ?? "/"} HTTP/1.1`];
  for (let index = 0; index + 1 < headers.length; index += 2) lines.push(`${headers[index]}: ${headers[index + 1]}`);
  return tunnelToTarget(context, {
    client: request.socket,
    target,
    head: request.head,
    toUpstream: `${lines.join("\r\n")}\r\n\r\n`,
  });
}
