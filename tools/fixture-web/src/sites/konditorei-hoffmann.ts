import { packageDir } from "../package-dir.js";
import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** tarteaucitron.js in German: "Alle akzeptieren" and a deny-all button on the first layer. */
export const KONDITOREI_HOFFMANN: SiteDefinition = {
  id: "konditorei-hoffmann",
  host: "www.konditorei-hoffmann.test",
  description:
    "A pastry shop (German) with tarteaucitron.js (npm tarteaucitronjs): accept all, deny all and personalise on the first layer; Google Analytics loads only after consent.",
  assets: siteAssets("konditorei-hoffmann"),
  mounts: [{ prefix: "/vendor/tarteaucitron/", dir: new URL("./", packageDir("tarteaucitronjs")) }],
  httpsOnly: true,
  // Issued by the root and sent alone, as a private CA without intermediates does.
  tls: { chain: "leaf_only" },
};
