import { packageDir } from "../package-dir.js";
import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** Reject only behind settings: vanilla-cookieconsent whose first layer offers accept and preferences. */
export const TRAVEL_NOOK: SiteDefinition = {
  id: "travel-nook",
  host: "www.travel-nook.test",
  description:
    "Holiday homes (Portuguese) with a vanilla-cookieconsent banner whose first layer offers only 'Aceitar todos' and 'Gerir preferências'; 'Rejeitar todos' is in the preferences modal. Nothing is set before consent.",
  assets: siteAssets("travel-nook"),
  mounts: [{ prefix: "/vendor/cookieconsent/", dir: new URL("dist/", packageDir("vanilla-cookieconsent")) }],
  httpsOnly: true,
};
