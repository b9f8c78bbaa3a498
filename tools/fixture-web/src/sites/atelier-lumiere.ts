import { packageDir } from "../package-dir.js";
import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** Orejime in French: accept and decline on the first layer, Google Analytics held back in a template. */
export const ATELIER_LUMIERE: SiteDefinition = {
  id: "atelier-lumiere",
  host: "www.atelier-lumiere.test",
  description:
    "A lighting workshop (French) with an Orejime banner (npm orejime, standard theme): accept, decline and configure on the first layer; Google Analytics waits in a <template data-purpose>.",
  assets: siteAssets("atelier-lumiere"),
  mounts: [{ prefix: "/vendor/orejime/", dir: new URL("dist/", packageDir("orejime")) }],
  httpsOnly: true,
};
