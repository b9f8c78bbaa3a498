import type { RequestObservation } from "./request-observation.js";

/**
 * Catalogue categories of third-party services: hosts that deliver what the page itself shows or needs, and
 * whose requests are not tracking evidence by host alone. They stay observable (a request still sends the
 * visitor's address to the provider, which is why Google Fonts before consent is a question of its own),
 * but as services, never as trackers: not in tracker rows, tracker findings or the score.
 *
 * - `fonts`: web-font files and their stylesheets (Google Fonts, Adobe Fonts' `use.typekit.net`, Bunny
 *   Fonts). The page needs them to render text; they set no identifiers.
 * - `static_cdn`: public copies of open-source libraries and styles (jsDelivr, cdnjs, unpkg, Google Hosted
 *   Libraries, the jQuery and Bootstrap CDNs). The same file for every site and visitor, no identifier.
 * - `media_cdn`: static images and video thumbnails (`i.ytimg.com`, `i.vimeocdn.com`). A picture, not the
 *   player: the embed itself (`youtube.com`, `vimeo.com`) stays a tracker.
 * - `maps`: map libraries, tiles and static map images the page shows (Google Maps' API and `maps.gstatic.com`).
 * - `captcha`: bot and abuse protection (reCAPTCHA, hCaptcha, Cloudflare Turnstile); security, not tracking.
 * - `payment`: the payment form a visitor uses (Stripe.js, PayPal checkout); needed for the purchase.
 *
 * A host of one of these categories that EasyPrivacy lists (a tracking pixel on a font host, a fingerprinting
 * script on a CDN) is still a tracker: the list's verdict on the request outweighs the host's category.
 */
export const SERVICE_CATEGORIES = ["fonts", "static_cdn", "media_cdn", "maps", "captcha", "payment"] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export function isServiceCategory(category: string | null): category is ServiceCategory {
  return category !== null && (SERVICE_CATEGORIES as readonly string[]).includes(category);
}

/**
 * What a third-party request is evidence of: `tracker` when EasyPrivacy lists it or a catalogue names its
 * vendor outside a service category, `service` for a known service host nothing lists, null otherwise (an
 * unknown host without tracking evidence is neither). First-party and refused requests are neither.
 */
export function requestEvidenceKind(
  request: Pick<RequestObservation, "party" | "refused" | "trackerListed" | "classification">,
): "tracker" | "service" | null {
  if (request.refused || request.party !== "third_party") return null;
  if (request.trackerListed) return "tracker";
  if (isServiceCategory(request.classification.category)) return "service";
  return request.classification.vendor === null ? null : "tracker";
}
