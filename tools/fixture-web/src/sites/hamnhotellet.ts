import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** A consent banner in a cross-site (out-of-process) iframe. */
export const HAMNHOTELLET: SiteDefinition = {
  id: "hamnhotellet",
  host: "www.hamnhotellet.test",
  description:
    "A hotel (Swedish) whose consent banner is a fixed iframe from www.consent-desk.test with 'Godkänn alla', 'Avvisa alla' and 'Anpassa'. Nothing is set before consent.",
  assets: siteAssets("hamnhotellet"),
  httpsOnly: true,
};
