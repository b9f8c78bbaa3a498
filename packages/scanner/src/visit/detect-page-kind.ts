import type { NavigationObservation } from "@public-scan/core";

export interface PageSignals {
  httpStatus: number | null;
  contentType: string | null;
  /** Page title, read transiently to recognise challenge pages; never reported. */
  title: string;
  /** Characters of visible text in the body. */
  textLength: number;
  /** Elements in the document. */
  elementCount: number;
  /** Challenge markers found in the document (script hosts, element ids), see CHALLENGE_MARKERS. */
  challengeMarkers: number;
  /** The navigation itself failed (DNS, refused, timeout). */
  failed: "timeout" | "refused" | "error" | null;
}

/** Titles of well-known bot-challenge and block pages (Cloudflare, Akamai, DataDome, PerimeterX, Imperva). */
const CHALLENGE_TITLES = [
  /^just a moment/i,
  /attention required/i,
  /^access denied/i,
  /^pardon our interruption/i,
  /are you a robot/i,
  /^please verify you are a human/i,
  /ddos-guard/i,
];

/** Selectors and script hosts that only challenge pages carry; counted in the page by `CHALLENGE_PROBE`. */
export const CHALLENGE_MARKERS = [
  "#challenge-form",
  "#cf-challenge-running",
  "script[src*='challenges.cloudflare.com']",
  "script[src*='captcha-delivery.com']",
  "#px-captcha",
  "iframe[src*='hcaptcha.com']",
  "script[src*='/_Incapsula_Resource']",
] as const;

/**
 * Classifies what the navigation reached, and the no-go reason that goes with it: the scan still completes,
 * but a challenge page or an error page is not the site, and its (absent) trackers prove nothing.
 */
export function detectPageKind(signals: PageSignals): Pick<NavigationObservation, "pageKind" | "noGoReason"> {
  if (signals.failed === "refused") return { pageKind: "unreachable", noGoReason: "target_not_public" };
  if (signals.failed === "timeout") return { pageKind: "unreachable", noGoReason: "navigation_timeout" };
  if (signals.failed === "error" || signals.httpStatus === null) return { pageKind: "unreachable", noGoReason: "navigation_failed" };
  const challenged = signals.challengeMarkers > 0 || CHALLENGE_TITLES.some((pattern) => pattern.test(signals.title.trim()));
  if (
    challenged &&
    (signals.httpStatus === 403 || signals.httpStatus === 429 || signals.httpStatus === 503 || signals.challengeMarkers > 0)
  ) {
    return { pageKind: "bot_challenge", noGoReason: "bot_challenge" };
  }
  if (signals.httpStatus >= 400) return { pageKind: "error_page", noGoReason: "http_error_status" };
  const mime = signals.contentType ?? "";
  if (mime !== "" && mime !== "text/html" && mime !== "application/xhtml+xml")
    return { pageKind: "non_html", noGoReason: "non_html_target" };
  if (signals.elementCount <= 4 && signals.textLength === 0) return { pageKind: "empty", noGoReason: "empty_document" };
  return { pageKind: "html", noGoReason: null };
}
