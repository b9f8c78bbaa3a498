import { normalizeHost } from "./normalize-host.js";
import { type HostPattern, parseHostPattern } from "./parse-host-pattern.js";

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
