import { packageDir } from "../package-dir.js";
import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** The good example: klaro blocks Google Analytics until the visitor accepts it. */
export const GREEN_GROCER: SiteDefinition = {
  id: "green-grocer",
  host: "www.green-grocer.test",
  description:
    "An organic grocery shop with a klaro consent notice: Google Analytics is held back (type=text/plain) until accepted; nothing non-essential happens before consent.",
  assets: siteAssets("green-grocer"),
  mounts: [{ prefix: "/vendor/klaro/", dir: new URL("dist/", packageDir("klaro")) }],
  httpsOnly: true,
  headers: { "strict-transport-security": "max-age=31536000" },
};
