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
