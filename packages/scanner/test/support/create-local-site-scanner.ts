import { inject } from "vitest";
import { createPuppeteerScanner } from "../../src/index.js";

/**
 * A scanner on the shared Chromium for a site a test serves itself on loopback: `host` resolves to that
 * port and is the one host allowed to be private, so everything else the page reaches for stays refused.
 * Pre-consent only, with a short observe window unless the test needs a longer one.
 */
export function createLocalSiteScanner(site: { host: string; port: number; observeMs?: number }) {
  return createPuppeteerScanner({
    browserWSEndpoint: inject("browserWSEndpoint"),
    // The shared test browser is launched with the scanner's own flags and sandbox.
    remoteBrowserTrusted: true,
    resolve: [`${site.host}=127.0.0.1:${site.port}`],
    allowPrivateTargets: [site.host],
    observeMs: site.observeMs ?? 300,
    phases: "pre_consent_only",
  });
}
