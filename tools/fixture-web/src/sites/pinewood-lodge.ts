import { packageDir } from "../package-dir.js";
import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** Reject only behind settings, and the settings pre-ticked: vanilla-cookieconsent with analytics and marketing `enabled`. */
export const PINEWOOD_LODGE: SiteDefinition = {
  id: "pinewood-lodge",
  host: "www.pinewood-lodge.test",
  description:
    "Lakeside log cabins (English) with a vanilla-cookieconsent banner whose first layer offers only 'Accept all' and 'Manage preferences'; the preferences modal, where 'Reject all' is, shows its Analytics and Marketing switches already on. Nothing is set before consent.",
  assets: siteAssets("pinewood-lodge"),
  mounts: [{ prefix: "/vendor/cookieconsent/", dir: new URL("dist/", packageDir("vanilla-cookieconsent")) }],
  httpsOnly: true,
};
