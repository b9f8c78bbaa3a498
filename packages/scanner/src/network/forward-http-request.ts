import { type IncomingMessage, request as httpRequest, type ServerResponse } from "node:http";
import { admitTarget, connectUpstream, notify } from "./connect-upstream.js";
import type { EgressProxyContext } from "./egress-proxy-context.js";
import { parseProxyTarget, toReportedHost } from "./parse-proxy-target.js";

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

/**
 * Hop-by-hop headers (RFC 9110, 7.6.1) and the proxy's own: they describe one connection, not the message,
 * and must not be forwarded. `Proxy-Authorization` would also leak the browser's proxy credentials.
 */
export const HOP_BY_HOP_HEADERS = [
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
] as const;

const HOP_BY_HOP: ReadonlySet<string> = new Set(HOP_BY_HOP_HEADERS);

export interface ForwardedHeadersOptions {
  /** Replace any Host header with this one (requests only). */
  host?: string;
  /** Keep `Upgrade` and send `Connection: Upgrade`: the handshake of a forwarded upgrade request. */
  keepUpgrade?: boolean;
}

/**
 * Filters raw headers (`[name, value, name, value, ...]`, as `IncomingMessage.rawHeaders`) for
 * forwarding: drops hop-by-hop headers and those the Connection header names, keeps the others' case,
 * order and repetitions (several Set-Cookie headers stay several).
 */
export function toForwardedHeaders(rawHeaders: readonly string[], options: ForwardedHeadersOptions = {}): string[] {
  const pairs: Array<[string, string]> = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    pairs.push([rawHeaders[index] ?? "", rawHeaders[index + 1] ?? ""]);
  }
  const named = new Set(
    pairs
      .filter(([name]) => name.toLowerCase() === "connection")
      .flatMap(([, value]) => value.split(",").map((token) => token.trim().toLowerCase())),
  );
  const kept = pairs.filter(([name]) => {
    const lower = name.toLowerCase();
    if (lower === "upgrade" && options.keepUpgrade === true) return true;
    if (lower === "host" && options.host !== undefined) return false;
    return !HOP_BY_HOP.has(lower) && !named.has(lower);
  });
  if (options.keepUpgrade === true) kept.push(["Connection", "Upgrade"]);
  if (options.host !== undefined) kept.unshift(["Host", options.host]);
  return kept.flat();
}
