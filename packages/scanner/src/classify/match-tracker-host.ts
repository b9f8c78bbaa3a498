import type { OpenCookieDatabase } from "./load-open-cookie-database.js";
import type { PlatformAttribution, TrackerAttribution, TrackerCatalogue } from "./load-tracker-catalogue.js";
import { normalizeHost } from "./party-of.js";

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

/**
 * The catalogue's vendor and category for a host: the entry for the host itself or its nearest listed
 * parent domain (longest suffix on dot boundaries), or null when the catalogue does not know it.
 */
export function matchTrackerHost(catalogue: TrackerCatalogue, host: string): TrackerAttribution | null {
  return matchHostSuffix(catalogue.hosts, host) ?? null;
}

/**
 * The platform the Open Cookie Database associates with a host through its `Domain` column (the host
 * itself or a parent domain, longest first), or null. A hint for requests the catalogue does not know.
 */
export function matchOpenCookieDomain(database: OpenCookieDatabase, host: string): string | null {
  return matchHostSuffix(database.platformByDomain, host) ?? null;
}

/**
 * The catalogue's name for an Open Cookie Database platform (`Google Analytics` -> `Google`, `Facebook` ->
 * `Meta`), so cookie rows and tracker rows of one company group under one vendor. Null when the catalogue
 * has no mapping: the database's own platform name is then used as it is.
 */
export function matchOpenCookiePlatform(catalogue: TrackerCatalogue, platform: string | null): PlatformAttribution | null {
  if (platform === null) return null;
  return catalogue.openCookieDatabaseVendors.get(platform) ?? null;
}
