import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";

/**
 * The virtual host a request is for: the Host header without its port (the proxy or resolver override
 * rewrites ports, so they mean nothing here), else the TLS server name. Lower-case, no trailing dot.
 */
export function virtualHostName(request: IncomingMessage): string | undefined {
  const header = request.headers.host;
  const servername = (request.socket as Partial<TLSSocket>).servername;
  const raw = header !== undefined && header !== "" ? header : typeof servername === "string" ? servername : undefined;
  if (raw === undefined) return undefined;
  const withoutPort = raw.startsWith("[") ? raw.slice(0, raw.indexOf("]") + 1) : raw.replace(/:\d*$/, "");
  return withoutPort.toLowerCase().replace(/\.$/, "");
}

/** Whether the request came over TLS. */
export function isSecure(request: IncomingMessage): boolean {
  return (request.socket as Partial<TLSSocket>).encrypted === true;
}
