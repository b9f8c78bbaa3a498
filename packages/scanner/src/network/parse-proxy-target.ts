import type { EgressTarget } from "./egress-decision.js";
import { normalizeHost } from "./normalize-host.js";

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

/** `host:port` or `[v6]:port`: the request target of CONNECT. The host is checked later by the guard. */
const AUTHORITY = /^(\[[0-9A-Fa-f:.]+\]|[^\s:[\]/\\@?#]+):(\d{1,5})$/;

/** Parses a CONNECT request target; `undefined` for anything else (no port, port 0, garbage). */
export function parseAuthority(text: string): EgressTarget | undefined {
  const match = AUTHORITY.exec(text);
  const host = match?.[1];
  const port = Number(match?.[2]);
  if (host === undefined || !(port >= 1 && port <= 65_535)) return undefined;
  return { host, port };
}

/** The longest DNS name; a longer "host" is not one, and an event should not carry an unbounded string. */
const MAX_HOST_LENGTH = 253;

/**
 * The host as proxy events report it: in the browser's spelling (`WWW.Example.COM.` and `0x7f.1` become
 * `www.example.com` and `127.0.0.1`), so one host is one entry; an unparsable host is passed on, cut short.
 */
export function toReportedHost(host: string): string {
  return normalizeHost(host) ?? host.slice(0, MAX_HOST_LENGTH);
}
