/**
 * The `sites/` folder of this package. Resolved from this module's URL so it works both from `src/` (tests)
 * and from `dist/` (the built package): both sit one level below the package root.
 */
export const SITES_DIR = new URL("../sites/", import.meta.url);
