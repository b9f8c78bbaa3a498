import type { EgressTarget } from "./egress-decision.js";

/** An absolute-form request target (`GET http://host:port/path?query HTTP/1.1`), split for forwarding. */
export interface ProxyTarget extends EgressTarget {
  /** The Host header to send upstream: the target's authority, as a proxy must (RFC 9112, 3.2.2). */
  hostHeader: string;
  /** Path and query, forwarded as they are and never logged or reported. */
  path: string;
}

/** Browsers send plain-HTTP requests and ws:// handshakes through a proxy in absolute form. */
const SCHEMES: ReadonlySet<string> = new Set(["http:", "ws:"]);

/** Parses an absolute-form request target; `undefined` for origin form, other schemes or garbage. */
export function parseProxyTarget(requestTarget: string): ProxyTarget | undefined {
  if (!/^(?:http|ws):\/\//i.test(requestTarget)) return undefined;
  let url: URL;
  try {
    url = new URL(requestTarget);
  } catch {
    return undefined;
  }
  if (!SCHEMES.has(url.protocol) || url.hostname === "") return undefined;
  return { host: url.hostname, port: url.port === "" ? 80 : Number(url.port), hostHeader: url.host, path: `${url.pathname}${url.search}` };
}
