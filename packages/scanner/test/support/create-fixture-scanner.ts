import { inject } from "vitest";
import { createPuppeteerScanner, type PuppeteerScannerOptions } from "../../src/index.js";
import { fixtureWebReach } from "@public-scan/fixture-web";

/**
 * A scanner on the shared Chromium that reaches the fixture web as an operator would reach a staging site:
 * resolve rules, the hosts allowed to be private, and the fixture CA as extra trusted certificates. Each
 * conformance test passes its own observe window and concurrency.
 */
export function createFixtureScanner(
  options: Omit<PuppeteerScannerOptions, "browserWSEndpoint" | "resolve" | "allowPrivateTargets" | "extraCaCerts">,
) {
  const web = inject("fixtureWeb");
  return createPuppeteerScanner({
    browserWSEndpoint: inject("browserWSEndpoint"),
    remoteBrowserTrusted: true,
    ...fixtureWebReach(web),
    ...options,
  });
}
