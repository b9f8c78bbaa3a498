import { normalizeHost } from "./normalize-host.js";

/**
 * Looks a host up in a table keyed by host names, where a key also stands for all its subdomains: tries
 * the host itself, then each parent on a dot boundary, so the longest (most specific) key wins and
 * `notdoubleclick.net` never matches `doubleclick.net`. Stops before the last label: a bare TLD is never a key.
 */
export function matchHostSuffix<T>(table: ReadonlyMap<string, T>, host: string): T | undefined {
  let candidate = normalizeHost(host);
  while (candidate.includes(".")) {
    const value = table.get(candidate);
    if (value !== undefined) return value;
    candidate = candidate.slice(candidate.indexOf(".") + 1);
  }
  return undefined;
}
