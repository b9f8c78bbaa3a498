import { isIPv4, isIPv6 } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Letters, marks and digits of any script plus `-`, `_` and `.`: everything a DNS name or a dotted IPv4 form
 * needs. Anything else (`@`, `/`, `\`, `:`, `%`, `?`, `#`, spaces, controls) could make the URL parser read
 * a different host than the one the caller meant, so it is refused before parsing.
 */
const HOST_CHARACTERS = /^[\p{L}\p{M}\p{N}._-]+$/u;

/**
 * Normalises a host name the way the browser does (the WHATWG URL host parser): lower case, IDNA to
 * punycode, and every IPv4 spelling (`2130706433`, `0177.0.0.1`, `0x7f.1`, `127.1`) to a dotted quad. IPv6
 * literals come back in brackets and compressed; one trailing dot is dropped, so `metadata.google.internal.`
 * cannot slip past an exact-name comparison. Returns `undefined` for anything that is not a bare host
 * (ports, credentials, paths, zone ids, empty labels).
 */
export function normalizeHost(host: string): string | undefined {
  const candidate = isIPv6(host) ? `[${host}]` : host;
  const bracketed = candidate.startsWith("[") && candidate.endsWith("]");
  if (bracketed ? !isIPv6(candidate.slice(1, -1)) : !HOST_CHARACTERS.test(candidate)) return undefined;
  let hostname: string;
  try {
    hostname = new URL(`http://${candidate}`).hostname;
  } catch {
    return undefined;
  }
  const trimmed = hostname.endsWith(".") ? hostname.slice(0, -1) : hostname;
  // An empty label (`a..b`, `name..`) never resolves; refusing it keeps one spelling per name.
  return trimmed.split(".").includes("") ? undefined : trimmed;
}

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
