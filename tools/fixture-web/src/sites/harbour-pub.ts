import { packageDir } from "../package-dir.js";
import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** A notice without a choice: the Osano open-source cookieconsent with one "Got it!" button, GA regardless. */
export const HARBOUR_PUB: SiteDefinition = {
  id: "harbour-pub",
  host: "www.harbour-pub.test",
  description:
    "A pub with the Osano open-source cookieconsent (npm cookieconsent v3, info type): one 'Got it!' button, and Google Analytics before any answer.",
  assets: siteAssets("harbour-pub"),
  mounts: [{ prefix: "/vendor/cookieconsent/", dir: new URL("build/", packageDir("cookieconsent")) }],
  httpsOnly: true,
  // Issued by the root and sent alone, as a private CA without intermediates does.
  tls: { chain: "leaf_only" },
};
