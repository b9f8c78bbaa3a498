import { packageDir } from "../package-dir.js";
import type { Mount } from "../virtual-host.js";

/**
 * What the IAB GPP CMP sites serve from npm, byte for byte: the ES modules of @iabgpp/cmpapi, which the
 * page maps by an import map (the library has no dependencies, and its modules import one another by
 * relative paths only). The stub and the CMP set-up around it are this project's (`/shared/gpp-*.js`).
 */
export const GPP_CMP_MOUNTS: readonly Mount[] = [
  { prefix: "/vendor/iabgpp-cmpapi/", dir: new URL("lib/mjs/", packageDir("@iabgpp/cmpapi")) },
];
