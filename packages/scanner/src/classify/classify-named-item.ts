import { UNCLASSIFIED } from "@public-scan/core";
import type { Classification } from "@public-scan/core";
import type { ClassifierData } from "./classifier-data.js";
import { domainAgreement, matchCookieName } from "./match-cookie-name.js";
import { matchOpenCookiePlatform, matchTrackerHost } from "./match-tracker-host.js";
import { matchConsentStorage } from "./match-consent-storage.js";
import { purposeOfCategory } from "./tracker-category.js";

export interface ClassifyNamedItemInput {
  /** Cookie name or storage key. */
  name: string;
  /** Cookie domain or storage origin host. */
  host: string;
}

/**
 * Cookies and storage keys share one rule, since the Open Cookie Database lists both under one name column.
 * 0. A name that holds the visitor's consent choice (the catalogue's `consentStorage`: the IAB strings, the
 *    consent platforms' records) is functional, category consent_management: storing the choice is what a
 *    consent platform must do, whichever host wrote it and whatever another source says of the name.
 * 1. The database row for the name (preferring rows set by this host's site) gives the purpose and, through
 *    the catalogue's platform mapping, the vendor and category.
 *    A row naming another site's own cookie gives only the purpose (the vendor is that site, not this one).
 * 2. Otherwise, or when that row names another site while the catalogue attributes this host to a different
 *    vendor (an ambiguous name such as `token`), the catalogue entry for the host gives vendor and category,
 *    and the purpose follows the category.
 * 3. Otherwise a name that says it holds a consent choice is one (source `first_party_heuristic`).
 */
export function classifyNamedItem(data: ClassifierData, input: ClassifyNamedItemInput): Classification {
  const consent = matchConsentStorage(data.catalogue.consentStorage, input.name);
  if (consent !== null)
    return { vendor: consent.vendor, category: "consent_management", purpose: "functional", sources: ["tracker_catalogue"] };
  const entry = matchCookieName(data.cookies, { name: input.name, domain: input.host });
  const hostAttribution = matchTrackerHost(data.catalogue, input.host);
  const mapped = entry === null ? null : matchOpenCookiePlatform(data.catalogue, entry.platform);

  const contradicted =
    entry !== null &&
    hostAttribution !== null &&
    domainAgreement(entry, input.host) === "other_site" &&
    (mapped?.vendor ?? entry.platform) !== hostAttribution.vendor;

  // A row that describes another site's own cookie (its Domain names that site, not a vendor's third-party
  // hosts) tells what the name is for, not who set it here: keep the purpose, not the vendor.
  const otherSitesOwn = entry !== null && !entry.vendorDomains && domainAgreement(entry, input.host) === "other_site";
  if (entry !== null && !contradicted && otherSitesOwn && hostAttribution === null) {
    return { vendor: null, category: null, purpose: entry.purpose, sources: ["open_cookie_database"] };
  }
  if (entry !== null && !contradicted) {
    const vendor = mapped?.vendor ?? entry.platform ?? hostAttribution?.vendor ?? null;
    const hostCategory = hostAttribution !== null && hostAttribution.vendor === vendor ? hostAttribution.category : null;
    const category = mapped?.category ?? hostCategory;
    const usedCatalogue = mapped !== null || (hostAttribution !== null && vendor === hostAttribution.vendor);
    return {
      vendor,
      category,
      purpose: entry.purpose,
      sources: usedCatalogue ? ["open_cookie_database", "tracker_catalogue"] : ["open_cookie_database"],
    };
  }
  if (hostAttribution !== null) {
    const { vendor, category } = hostAttribution;
    return { vendor, category, purpose: purposeOfCategory(category), sources: ["tracker_catalogue"] };
  }
  // A name no source knows, on a host no catalogue attributes (the site's own, as a rule), that says it holds
  // a consent or privacy choice: a platform or plugin not listed yet, storing the choice as its listed peers do.
  if (CONSENT_WORDS.test(input.name))
    return { vendor: null, category: "consent_management", purpose: "functional", sources: ["first_party_heuristic"] };
  return { ...UNCLASSIFIED, sources: [] };
}

/** Words that name a consent record: `cookie_consent_level`, `gdpr_choice`, `ccpa_optout`, `cookie-notice-dismissed`. */
const CONSENT_WORDS = /consent|gdpr|ccpa|cookie[-_]?(notice|policy|law|banner|pref)/i;
