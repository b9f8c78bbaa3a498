import { SERVICE_CATEGORIES, type Purpose, type ServiceCategory } from "@public-scan/core";

/** Catalogue categories of tracking and tracking-capable hosts (with `SERVICE_CATEGORIES`, all the catalogue may use). */
export const TRACKER_CATEGORIES = [
  "analytics",
  "advertising",
  "social",
  "tag_manager",
  "session_replay",
  "customer_data_platform",
  "marketing_automation",
  "consent_management",
  "embedded_content",
  "other",
] as const;
export type TrackerCategory = (typeof TRACKER_CATEGORIES)[number];

/**
 * The purpose a category implies when nothing more specific (an Open Cookie Database row) is known.
 * - `tag_manager` -> `unknown`: a tag manager only loads other tags; their purpose is the purpose, and
 *   calling it analytics or marketing would be a guess.
 * - `embedded_content` -> `unknown`: a video, map or font is content; whether the provider also tracks shows
 *   in its cookies, which the Open Cookie Database classifies one by one.
 * - `customer_data_platform` -> `analytics`: it collects behavioural events; where it forwards them is not
 *   visible from the request.
 * - `consent_management` -> `functional`: it stores the visitor's choice, which the law requires.
 * - `other` (error monitoring, support chat) -> `unknown`.
 */
export const PURPOSE_BY_TRACKER_CATEGORY = {
  analytics: "analytics",
  advertising: "marketing",
  social: "marketing",
  session_replay: "marketing",
  marketing_automation: "marketing",
  customer_data_platform: "analytics",
  consent_management: "functional",
  tag_manager: "unknown",
  embedded_content: "unknown",
  other: "unknown",
} as const satisfies Record<TrackerCategory, Purpose>;

/**
 * The closed set of catalogue categories; `tracker-catalogue.json` may use no other. Service categories
 * (core's `SERVICE_CATEGORIES`: fonts, static and media CDNs, maps, captcha, payment) name hosts that deliver
 * what the page shows or needs; core shows them as third-party services, never as trackers.
 */
export const CATALOGUE_CATEGORIES = [...TRACKER_CATEGORIES, ...SERVICE_CATEGORIES] as const;
export type CatalogueCategory = TrackerCategory | ServiceCategory;

/**
 * The purpose of a service category, after the Open Cookie Database's own categories for such providers
 * (reCAPTCHA, Cloudflare's challenge, Stripe and PayPal are `Functional` there): what the service is for,
 * not a verdict on what else its provider does with the request.
 * - `fonts`, `static_cdn`, `media_cdn`, `maps` -> `functional`: they deliver what the page shows.
 * - `payment` -> `functional`: the checkout the visitor asked for.
 * - `captcha` -> `security`: bot and abuse protection.
 */
export const PURPOSE_BY_SERVICE_CATEGORY = {
  fonts: "functional",
  static_cdn: "functional",
  media_cdn: "functional",
  maps: "functional",
  payment: "functional",
  captcha: "security",
} as const satisfies Record<ServiceCategory, Purpose>;

/** The purpose any catalogue category implies when nothing more specific is known. */
export function purposeOfCategory(category: CatalogueCategory): Purpose {
  return Object.hasOwn(PURPOSE_BY_TRACKER_CATEGORY, category)
    ? PURPOSE_BY_TRACKER_CATEGORY[category as TrackerCategory]
    : PURPOSE_BY_SERVICE_CATEGORY[category as ServiceCategory];
}

export function isTrackerCategory(value: unknown): value is TrackerCategory {
  return typeof value === "string" && (TRACKER_CATEGORIES as readonly string[]).includes(value);
}

export function isCatalogueCategory(value: unknown): value is CatalogueCategory {
  return typeof value === "string" && (CATALOGUE_CATEGORIES as readonly string[]).includes(value);
}
