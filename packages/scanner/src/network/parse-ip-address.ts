import { isIPv4 } from "node:net";
import ipaddr from "ipaddr.js";
import { normalizeHost } from "./normalize-host.js";

export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Parses an IP address in any spelling a browser would accept: IPv6 with or without brackets (a zone id is
 * kept), and IPv4 through the WHATWG host parser, so odd forms (`0x7f.1`, `2130706433`) mean exactly what
 * they mean to Chromium rather than what a looser parser guesses. Returns `undefined` for a non-address.
 */
export function parseIpAddress(text: string): IpAddress | undefined {
  const inner = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (ipaddr.IPv6.isValid(inner)) return ipaddr.IPv6.parse(inner);
  const host = normalizeHost(inner);
  return host !== undefined && isIPv4(host) ? ipaddr.IPv4.parse(host) : undefined;
}
