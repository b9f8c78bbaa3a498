import type { Purpose } from "@public-scan/core";
import type { OpenCookieDatabase } from "./load-open-cookie-database.js";
import { matchOpenCookiePlatform } from "./match-tracker-host.js";
import type { TrackerCatalogue } from "./load-tracker-catalogue.js";

/** A tie between a vendor's purposes goes to the one a reviewer most needs to see. */
const TIE_ORDER: readonly Purpose[] = ["marketing", "analytics", "preferences", "security", "functional"];

/**
 * Each vendor's purpose as the scanner already gives its cookies: the purpose most of the vendor's Open Cookie
 * Database rows have (under the catalogue's vendor name, so `Google Analytics` rows count for Google). A
 * vendor's hosts whose catalogue category says no purpose (a messenger's `other`) take it, so the hosts and
 * the cookies of one vendor agree: Intercom's hosts are analytics, as its cookies are.
 */
export function toVendorCookiePurposes(cookies: OpenCookieDatabase, catalogue: TrackerCatalogue): ReadonlyMap<string, Purpose> {
  const tallies = new Map<string, Map<Purpose, number>>();
  for (const entry of cookies.entries) {
    if (entry.platform === null || entry.purpose === "unknown") continue;
    const vendor = matchOpenCookiePlatform(catalogue, entry.platform)?.vendor ?? entry.platform;
    const tally = tallies.get(vendor) ?? new Map<Purpose, number>();
    tally.set(entry.purpose, (tally.get(entry.purpose) ?? 0) + 1);
    tallies.set(vendor, tally);
  }
  const purposes = new Map<string, Purpose>();
  for (const [vendor, tally] of tallies) {
    const [top] = [...tally].sort(([a, countA], [b, countB]) => countB - countA || TIE_ORDER.indexOf(a) - TIE_ORDER.indexOf(b));
    if (top !== undefined) purposes.set(vendor, top[0]);
  }
  return purposes;
}
