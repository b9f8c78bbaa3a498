import { isIP } from "node:net";
import { normalizeHost } from "./normalize-host.js";

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

/**
 * True when `host` matches `pattern` (`*`, `*.example.com` or an exact host), case-insensitively and in
 * the browser's spelling of the host (`0x7f.1` is `127.0.0.1`). `*.example.com` matches every subdomain at
 * any depth but not `example.com` itself. An unparsable host matches nothing; a malformed pattern throws.
 */
export function matchesHostPattern(pattern: string, host: string): boolean {
  const parsed = parseHostPattern(pattern);
  const normalized = normalizeHost(host);
  return normalized !== undefined && matchesParsedHostPattern(parsed, normalized);
}

/** The same test for a pattern parsed once and a host already normalised by `normalizeHost`. */
export function matchesParsedHostPattern(pattern: HostPattern, normalizedHost: string): boolean {
  switch (pattern.kind) {
    case "any":
      return true;
    case "subdomains":
      return normalizedHost.endsWith(`.${pattern.suffix}`);
    case "exact":
      return normalizedHost === pattern.host;
  }
}

const MAX_QUOTED_LENGTH = 80;

/** Quotes a caller's input for an error message, cut short so that a huge input cannot flood a log. */
export function quoteInput(text: string): string {
  return JSON.stringify(text.length > MAX_QUOTED_LENGTH ? `${text.slice(0, MAX_QUOTED_LENGTH)}…` : text);
}
