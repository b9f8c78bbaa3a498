import type { Purpose } from "@public-scan/core";

/**
 * Open Cookie Database `Category` -> purpose. The database's README names five categories, but rows also
 * use `Necessary` (strictly necessary, so functional) and `Personalization` (preferences).
 */
export const PURPOSE_BY_OPEN_COOKIE_CATEGORY = {
  Functional: "functional",
  Necessary: "functional",
  Preferences: "preferences",
  Personalization: "preferences",
  Analytics: "analytics",
  Marketing: "marketing",
  Security: "security",
} as const satisfies Record<string, Purpose>;

/** `unknown` for a category the table does not know (a new upstream category must be mapped on purpose). */
export function purposeOfOpenCookieCategory(category: string): Purpose {
  return Object.hasOwn(PURPOSE_BY_OPEN_COOKIE_CATEGORY, category)
    ? PURPOSE_BY_OPEN_COOKIE_CATEGORY[category as keyof typeof PURPOSE_BY_OPEN_COOKIE_CATEGORY]
    : "unknown";
}
