import { hostOf, UNCLASSIFIED } from "@public-scan/core";
import type { Classification } from "@public-scan/core";
import type { ClassifierData } from "./classifier-data.js";
import type { ClassifyRequestInput, ClassifyRequestResult } from "./classifier.js";
import { matchOpenCookieDomain, matchOpenCookiePlatform, matchTrackerHost } from "./match-tracker-host.js";
import { purposeOfCategory } from "./tracker-category.js";

/**
 * Vendor and category come from the catalogue; failing that, from the Open Cookie Database's domains (vendor
 * only, unless the catalogue maps that platform to a category); purpose follows the category. EasyPrivacy
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
    return {
      trackerListed,
      classification: { vendor, category, purpose: purposeOfCategory(category), sources: ["tracker_catalogue", ...listed] },
    };
  }

  const platform = matchOpenCookieDomain(data.cookies, host);
  if (platform !== null) {
    const mapped = matchOpenCookiePlatform(data.catalogue, platform);
    const category = mapped?.category ?? null;
    return {
      trackerListed,
      classification: {
        vendor: mapped?.vendor ?? platform,
        category,
        purpose: category === null ? "unknown" : purposeOfCategory(category),
        sources: ["open_cookie_database", ...(mapped === null ? [] : (["tracker_catalogue"] as const)), ...listed],
      },
    };
  }
  return { trackerListed, classification: { ...UNCLASSIFIED, sources: listed } };
}
