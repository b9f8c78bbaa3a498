import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** A US store that ignores Global Privacy Control: the same tags for every visitor. */
export const BARGAIN_BARN: SiteDefinition = {
  id: "bargain-barn",
  host: "www.bargain-barn.test",
  description:
    "A US discount store without a banner and with a 'Do Not Sell' link, that ignores Global Privacy Control: Google Analytics and the Meta pixel load with or without Sec-GPC and navigator.globalPrivacyControl.",
  assets: siteAssets("bargain-barn"),
  httpsOnly: true,
};
