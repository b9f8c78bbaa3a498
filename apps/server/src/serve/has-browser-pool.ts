import type { Scanner } from "@public-scan/core";
import type { PuppeteerScanner } from "@public-scan/scanner";

/** Whether a process's scanner counts its browser pool for metrics (the default does; an embedder's may not). */
export function hasBrowserPool(scanner: Scanner | null): scanner is Scanner & Pick<PuppeteerScanner, "stats"> {
  return scanner !== null && typeof (scanner as Partial<PuppeteerScanner>).stats === "function";
}
