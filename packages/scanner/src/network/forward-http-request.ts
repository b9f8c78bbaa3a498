import { type IncomingMessage, type ServerResponse, request as httpRequest } from "node:http";
import { admitTarget, notify } from "./admit-target.js";
import { connectUpstream } from "./connect-upstream.js";
import type { EgressProxyContext } from "./egress-proxy-context.js";
import { parseProxyTarget } from "./parse-proxy-target.js";
import { toForwardedHeaders } from "./to-forwarded-headers.js";
import { toReportedHost } from "./to-reported-host.js";

/**
 * A plain-HTTP request in absolute form: check the target, connect to the pinned address, send the request
 * there with the target's Host header, stream the answer back. One upstream connection per request (no
 * pool keyed by address), so `close()` and the guard stay simple.
 */
export async function forwardHttpRequest(context: EgressProxyContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  req.on("error", () => res.destroy());
  // Set when the browser gives up (navigation, abort) before the answer is complete.
  let gone = false;
  res.once("close", () => {
    gone = !res.writableFinished;
  });
  const target = parseProxyTarget(req.url ?? "");
  if (target === undefined) return respond(res, { status: 400, message: "The proxy forwards absolute http:// request targets only." });
  const admission = await admitTarget(context, target);
  if (!admission.ok) return respond(res, admission);
  // The client may have given up while the guard was resolving: then there is nothing to connect for.
  if (gone) return;
  let upstream;
  try {
    upstream = await connectUpstream(context, admission);
  } catch {
    return respond(res, { status: 502, message: "The upstream server is unreachable." });
  }
  if (gone) {
    upstream.destroy();
    return;
  }
  notify(() => context.onConnect?.({ host: toReportedHost(target.host), port: target.port, address: admission.address }));

  const connection = upstream;
  const outgoing = httpRequest({
    createConnection: () => connection,
    method: req.method ?? "GET",
    path: target.path,
    headers: toForwardedHeaders(req.rawHeaders, { host: target.hostHeader }),
    setHost: false,
  });
  outgoing.on("response", (incoming) => {
    incoming.on("error", () => res.destroy());
    res.writeHead(incoming.statusCode ?? 502, incoming.statusMessage, toForwardedHeaders(incoming.rawHeaders));
    incoming.pipe(res);
  });
  outgoing.on("error", () => {
    if (res.headersSent) res.destroy();
    else respond(res, { status: 502, message: "The upstream server failed." });
  });
  // The exchange is over, completely or because the browser gave up: release the upstream connection.
  res.on("close", () => {
    if (!res.writableFinished) outgoing.destroy();
    connection.destroy();
  });
  req.pipe(outgoing);
}

/** A short plain answer; the unread request body is discarded and the connection closed after it. */
function respond(res: ServerResponse, response: { status: number; message: string }): void {
  res.req.resume();
  if (res.headersSent || res.destroyed) {
    res.destroy();
    return;
  }
  const body = `${response.message}\n`;
  res.writeHead(response.status, {
    "content-type": "text/plain; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    connection: "close",
  });
  res.end(body);
}
