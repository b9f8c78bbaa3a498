import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** A bottom bar of no known CMP whose reject is styled as a small grey link beside a big filled accept. */
export const LINDEN_PRESS: SiteDefinition = {
  id: "linden-press",
  host: "www.linden-press.test",
  description:
    "An independent bookshop and small publisher (English) with a hand-written cookie bar fixed at the bottom of the viewport: a big filled 'Accept all' button and, as small underlined grey text, a 'Continue without accepting' link. Either answer goes in the lp_consent cookie and hides the bar for good. Nothing is set before consent, and nothing but that cookie after it.",
  assets: siteAssets("linden-press"),
  httpsOnly: true,
};
