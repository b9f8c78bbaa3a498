import type { EgressTarget } from "./egress-decision.js";

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
