import { afterAll, describe, expect, inject, it } from "vitest";
import type { Scanner } from "@public-scan/core";
import { createPuppeteerScanner } from "../../src/index.js";

/**
 * A staging server behind a private root, as real servers serve it: the fixture web sends a leaf and its
 * intermediate, or (harbour-pub) a leaf of the root alone, never the root. Each scanner here launches its
 * own browser, so `extraCaCerts` is the only way the browser can know the root. With it, both chains load
 * and Node's probe agrees; an expired leaf under the same root is still refused (full verification, no
 * error ignored); without it, the browser refuses the authority.
 */
const web = inject("fixtureWeb");
const scannerWith = (extraCaCerts: string | undefined): Scanner =>
  createPuppeteerScanner({
    resolve: web.resolveRules,
    allowPrivateTargets: web.allowPrivateTargets,
    ...(extraCaCerts === undefined ? {} : { extraCaCerts }),
    observeMs: 200,
    concurrency: 3,
  });
const trusting = scannerWith(web.caCertPem);
const untrusting = scannerWith(undefined);
afterAll(async () => {
  await Promise.all([trusting.close(), untrusting.close()]);
});
const urlOf = (id: string) => web.sites.find((site) => site.id === id)!.url;

describe("a private root CA in extraCaCerts", () => {
  it.each([
    ["leaf + intermediate", "quiet-bakery"],
    ["the root's leaf alone", "harbour-pub"],
  ])("is trusted by the browser and the probe for a server sending %s", async (_chain, site) => {
    const observations = await trusting.scan({ url: urlOf(site) });
    expect(observations.navigation.pageKind).toBe("html");
    expect(observations.transport?.browserCertificateError ?? null).toBeNull();
    expect(observations.transport?.certificate.browser?.subjectMatchesHost).toBe(true);
    expect(observations.transport?.certificate.probe?.authorized).toBe(true);
  });

  it("still refuses an expired certificate under that root, in the browser and the probe", async () => {
    const observations = await trusting.scan({ url: urlOf("faded-gallery") });
    expect(observations.navigation.pageKind).not.toBe("html");
    expect(observations.transport?.browserCertificateError).toBe("date_invalid");
    expect(observations.transport?.certificate.probe?.authorizationError).toBe("CERT_HAS_EXPIRED");
  });

  it.each(["quiet-bakery", "harbour-pub"])("is the only reason %s loads: without it the browser refuses the authority", async (site) => {
    const observations = await untrusting.scan({ url: urlOf(site) });
    expect(observations.navigation.pageKind).not.toBe("html");
    expect(observations.transport?.browserCertificateError).toBe("authority_invalid");
    expect(observations.transport?.certificate.probe?.authorized).toBe(false);
  });
});
