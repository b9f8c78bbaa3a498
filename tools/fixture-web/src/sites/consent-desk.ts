import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** A CMP vendor: its own site has no banner; `/embed/banner.html` is the banner its customers embed in an iframe. */
export const CONSENT_DESK: SiteDefinition = {
  id: "consent-desk",
  host: "www.consent-desk.test",
  description:
    "A consent-banner vendor's site without a banner of its own; it serves the iframe banner (/embed/banner.html, Swedish: accept, reject, customise) that hamnhotellet embeds.",
  assets: siteAssets("consent-desk"),
  httpsOnly: true,
};
