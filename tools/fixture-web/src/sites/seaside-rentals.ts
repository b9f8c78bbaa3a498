import { packageDir } from "../package-dir.js";
import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** Google Consent Mode v2 granted by default: the banner is there, but storage is granted before any answer. */
export const SEASIDE_RENTALS: SiteDefinition = {
  id: "seaside-rentals",
  host: "www.seaside-rentals.test",
  description:
    "Beach-cottage rentals with a vanilla-cookieconsent banner (accept all, reject all, manage) and a Google Consent Mode v2 default that grants ad_storage and analytics_storage (ad_user_data and ad_personalization denied): GA4 and Floodlight set _ga, _ga_<id> and IDE before any answer; reject updates every signal denied.",
  assets: siteAssets("seaside-rentals"),
  mounts: [{ prefix: "/vendor/cookieconsent/", dir: new URL("dist/", packageDir("vanilla-cookieconsent")) }],
  httpsOnly: true,
};
