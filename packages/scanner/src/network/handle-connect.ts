import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { EgressProxyContext } from "./egress-proxy-context.js";
import { parseAuthority } from "./parse-authority.js";
import { tunnelToTarget } from "./tunnel-to-target.js";

/**
 * `CONNECT host:port`: how browsers reach https:// and wss:// (and, through a proxy, ws://) origins. The
 * tunnel carries TLS end to end; the proxy sees only the host and port.
 */
export function handleConnect(context: EgressProxyContext, request: { req: IncomingMessage; socket: Duplex; head: Buffer }): Promise<void> {
  return tunnelToTarget(context, {
    client: request.socket,
    target: parseAuthority(request.req.url ?? ""),
    head: request.head,
    toClient: "HTTP/1.1 200 Connection Established\r\n\r\n",
  });
}
