import type { Purpose } from "@public-scan/core";

/** The closed set of catalogue categories; `tracker-catalogue.json` may use no other. */
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

export function isTrackerCategory(value: unknown): value is TrackerCategory {
  return typeof value === "string" && (TRACKER_CATEGORIES as readonly string[]).includes(value);
}
