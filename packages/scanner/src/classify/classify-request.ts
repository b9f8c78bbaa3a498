import { hostOf, UNCLASSIFIED } from "@public-scan/core";
import type { Classification } from "@public-scan/core";
import type { ClassifierData } from "./classifier-data.js";
import type { ClassifyRequestInput, ClassifyRequestResult } from "./classifier.js";
import { matchOpenCookieDomain, matchOpenCookiePlatform, matchTrackerHost } from "./match-tracker-host.js";
import { purposeOfCategory } from "./tracker-category.js";

/**
 * Vendor and category come from the catalogue; failing that, from the Open Cookie Database's domains (vendor
 * only, unless the catalogue maps that platform to a category); purpose follows the category, or, where the
 * category gives none, the vendor's cookies (`toVendorCookiePurposes`). EasyPrivacy
 * adds `trackerListed` and, when it lists the request, its name to `sources`. Only host-level facts leave.
 */
export function classifyRequest(data: ClassifierData, input: ClassifyRequestInput): ClassifyRequestResult {
  const host = hostOf(input.url);
  if (host === null) return { trackerListed: false, classification: { ...UNCLASSIFIED, sources: [] } };
  const trackerListed = data.trackerList.isListedTracker(input);
  const listed: Classification["sources"] = trackerListed ? ["easyprivacy"] : [];

  const attribution = matchTrackerHost(data.catalogue, host);
  if (attribution !== null) {
    const { vendor, category } = attribution;
    // `other` (messengers, error monitoring) says nothing of a purpose: the vendor's cookies do. A tag
    // manager stays unknown on purpose: it loads what the site puts in it, whoever its vendor is.
    const fromCategory = purposeOfCategory(category);
    const fromCookies = category === "other" ? data.vendorPurposes.get(vendor) : undefined;
    return {
      trackerListed,
      classification: {
        vendor,
        category,
        purpose: fromCookies ?? fromCategory,
        sources: ["tracker_catalogue", ...(fromCookies === undefined ? [] : (["open_cookie_database"] as const)), ...listed],
      },
    };
  }

  const platform = matchOpenCookieDomain(data.cookies, host);
  if (platform !== null) {
    const mapped = matchOpenCookiePlatform(data.catalogue, platform);
    const category = mapped?.category ?? null;
    const vendor = mapped?.vendor ?? platform;
    // No category, or `other`: the platform's cookies say what it is for (a tag manager's unknown stays).
    const fromCategory = category === null || category === "other" ? undefined : purposeOfCategory(category);
    return {
      trackerListed,
      classification: {
        vendor,
        category,
        purpose: fromCategory ?? data.vendorPurposes.get(vendor) ?? "unknown",
        sources: ["open_cookie_database", ...(mapped === null ? [] : (["tracker_catalogue"] as const)), ...listed],
      },
    };
  }
  return { trackerListed, classification: { ...UNCLASSIFIED, sources: listed } };
}
