import { packageDir } from "../package-dir.js";
import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** Google Consent Mode v2 that reject gets wrong: analytics_storage granted on reject, and an ad cookie regardless. */
export const ORCHARD_MARKET: SiteDefinition = {
  id: "orchard-market",
  host: "www.orchard-market.test",
  description:
    "A farm shop with a vanilla-cookieconsent banner (accept all, reject all, manage) and a Google Consent Mode v2 default that denies all four signals, but its reject handler updates analytics_storage to granted (GA4 then sets _ga and _ga_<id>), and a legacy conversion-linker snippet writes _gcl_au on every visit, whatever the answer.",
  assets: siteAssets("orchard-market"),
  mounts: [{ prefix: "/vendor/cookieconsent/", dir: new URL("dist/", packageDir("vanilla-cookieconsent")) }],
  httpsOnly: true,
};
