import type { OpenCookieDatabase } from "./load-open-cookie-database.js";
import { matchHostSuffix } from "./match-host-suffix.js";

/**
 * The platform the Open Cookie Database associates with a host through its `Domain` column (the host
 * itself or a parent domain, longest first), or null. A hint for requests the catalogue does not know.
 */
export function matchOpenCookieDomain(database: OpenCookieDatabase, host: string): string | null {
  return matchHostSuffix(database.platformByDomain, host) ?? null;
}
