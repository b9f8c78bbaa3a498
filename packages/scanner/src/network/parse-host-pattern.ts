import { isIP } from "node:net";
import { normalizeHost } from "./normalize-host.js";
import { quoteInput } from "./quote-input.js";

/** A parsed host pattern: `*` (every host), `*.example.com` (strict subdomains) or one exact host. */
export type HostPattern = { kind: "any" } | { kind: "subdomains"; suffix: string } | { kind: "exact"; host: string };

/**
 * Parses `*`, `*.example.com` or an exact host (a name, an IPv4 address or a bracketed IPv6 address),
 * normalised like `normalizeHost` so that patterns and hosts compare in one spelling. Throws an Error that
 * names the pattern when it is malformed. A wildcard must be followed by a domain name: `*.0.1` would read
 * as the IPv4 address 0.0.0.1 and match nothing sensible.
 */
export function parseHostPattern(pattern: string): HostPattern {
  if (pattern === "*") return { kind: "any" };
  if (pattern.startsWith("*.")) {
    const suffix = normalizeHost(pattern.slice(2));
    if (suffix === undefined || isIP(suffix) !== 0 || suffix.startsWith("[")) {
      throw new Error(`Invalid host pattern ${quoteInput(pattern)}: "*." must be followed by a domain name`);
    }
    return { kind: "subdomains", suffix };
  }
  const host = normalizeHost(pattern);
  if (host === undefined) {
    throw new Error(`Invalid host pattern ${quoteInput(pattern)}: expected a host name, an IP address, "*.domain" or "*"`);
  }
  return { kind: "exact", host };
}
