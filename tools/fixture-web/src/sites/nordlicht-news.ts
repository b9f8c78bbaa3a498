import { packageDir } from "../package-dir.js";
import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** The IAB TCF stub without a CMP behind it, and the publisher's own consent dialog in Dutch. */
export const NORDLICHT_NEWS: SiteDefinition = {
  id: "nordlicht-news",
  host: "www.nordlicht-news.test",
  description:
    "A news site (Dutch) with the IAB TCF v2 stub (npm @iabtcf/stub; __tcfapi never answers) and its own dialog: give consent, do not give consent, manage options; the ad tag loads after consent.",
  assets: siteAssets("nordlicht-news"),
  mounts: [{ prefix: "/vendor/iabtcf-stub/", dir: new URL("lib/", packageDir("@iabtcf/stub")) }],
  httpsOnly: true,
};
