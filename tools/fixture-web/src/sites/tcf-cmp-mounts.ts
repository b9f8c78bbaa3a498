import { packageDir } from "../package-dir.js";
import type { Mount } from "../virtual-host.js";

/**
 * What the IAB TCF v2.2 CMP sites serve from npm, byte for byte: vanilla-cookieconsent (the banner), the
 * IAB TCF stub, and the ES modules of @iabtcf/core and @iabtcf/cmpapi, which the page maps by an import map
 * (cmpapi imports `@iabtcf/core` by its bare name).
 */
export const TCF_CMP_MOUNTS: readonly Mount[] = [
  { prefix: "/vendor/cookieconsent/", dir: new URL("dist/", packageDir("vanilla-cookieconsent")) },
  { prefix: "/vendor/iabtcf-stub/", dir: new URL("lib/", packageDir("@iabtcf/stub")) },
  { prefix: "/vendor/iabtcf-core/", dir: new URL("lib/mjs/", packageDir("@iabtcf/core")) },
  { prefix: "/vendor/iabtcf-cmpapi/", dir: new URL("lib/mjs/", packageDir("@iabtcf/cmpapi")) },
];
