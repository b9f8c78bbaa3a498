/**
 * The URL of a bundled data file. `src/classify/` (tests) and `dist/classify/` (the built package) both sit
 * two levels below the package root, so one relative URL works from both; the package must publish `data/`.
 */
export function dataUrl(relativePath: string): URL {
  return new URL(`../../data/${relativePath}`, import.meta.url);
}
