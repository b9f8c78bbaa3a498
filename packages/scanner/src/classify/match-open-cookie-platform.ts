import type { PlatformAttribution, TrackerCatalogue } from "./load-tracker-catalogue.js";

/**
 * The catalogue's name for an Open Cookie Database platform (`Google Analytics` -> `Google`, `Facebook` ->
 * `Meta`), so cookie rows and tracker rows of one company group under one vendor. Null when the catalogue
 * has no mapping: the database's own platform name is then used as it is.
 */
export function matchOpenCookiePlatform(catalogue: TrackerCatalogue, platform: string | null): PlatformAttribution | null {
  if (platform === null) return null;
  return catalogue.openCookieDatabaseVendors.get(platform) ?? null;
}
