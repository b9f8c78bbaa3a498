/**
 * @public-scan/scanner: the headless-Chromium implementation of core's Scanner port (collectors over CDP).
 * Nothing is exported yet: the scanner lands with the "observe what a page does before consent" issue.
 * The package exists now so the workspace, its build and its dependency rules are in place from the start.
 */
export {};
