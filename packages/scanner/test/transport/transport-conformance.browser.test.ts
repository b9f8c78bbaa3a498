import type { CertificateSummary, ScanObservations } from "@public-scan/core";
import type { TransportGroundTruth } from "@public-scan/fixture-web";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createFixtureScanner } from "../support/create-fixture-scanner.js";

/**
 * The transport observation against the fixture web with the shared Chromium: on every site with a
 * transport ground truth, what the scan reports (probe and browser) equals what the site does. The
 * fixture CA is trusted as an operator's `extraCaCerts` would be.
 */
const web = inject("fixtureWeb");
const scanner = createFixtureScanner({
  // Long enough for the delayed Hotjar cookie (1.5 s) counted in cookiesWithoutSecure; short for CI.
  observeMs: 2000,
  concurrency: 6,
});
// The global setup passes each site's ground truth through as read; its declared type predates `transport`.
const sites = web.sites.flatMap((site) => {
  const transport = (site.groundTruth as { transport?: TransportGroundTruth }).transport;
  return transport === undefined ? [] : [{ ...site, transport }];
});
const results = new Map<string, ScanObservations>();
const HARBOUR_OVER_HTTP = "harbour-bank over http";

beforeAll(async () => {
  await Promise.all([
    ...sites.map(async (site) => results.set(site.id, await scanner.scan({ url: site.url }))),
    (async () => results.set(HARBOUR_OVER_HTTP, await scanner.scan({ url: "http://www.harbour-bank.test/" })))(),
  ]);
}, 120_000);
afterAll(() => scanner.close());

const certificateFacts = (certificate: CertificateSummary & { authorizationError?: string | null }) => ({
  expired: certificate.expired,
  subjectMatchesHost: certificate.subjectMatchesHost,
  ...(certificate.authorizationError === undefined ? {} : { authorizationError: certificate.authorizationError }),
});

describe("transport ground truth", () => {
  it("covers every case: no HTTPS, no HSTS, full HSTS, expired, nearly expired, mixed content, insecure cookies, privacy headers", () => {
    const truths = sites.map((site) => site.transport);
    expect(truths.some((truth) => !truth.httpsAvailable)).toBe(true);
    expect(truths.some((truth) => truth.hsts?.present === false && truth.httpRedirectsToHttps)).toBe(true);
    expect(truths.some((truth) => truth.hsts?.includeSubDomains === true && truth.hsts.preload)).toBe(true);
    expect(truths.some((truth) => truth.certificate?.expired === true && truth.browserRefusesCertificate)).toBe(true);
    expect(truths.some((truth) => truth.certificate !== null && !truth.certificate.expired && truth.certificate.daysToExpiry <= 7)).toBe(
      true,
    );
    expect(truths.some((truth) => (truth.mixedContent?.blocked ?? 0) > 0 && (truth.mixedContent?.upgraded ?? 0) > 0)).toBe(true);
    expect(truths.some((truth) => (truth.cookiesWithoutSecure ?? 0) > 0)).toBe(true);
    expect(truths.some((truth) => truth.privacyHeaders?.csp === true && truth.privacyHeaders.permissionsPolicy)).toBe(true);
    expect(truths.some((truth) => truth.privacyHeaders?.cspReportOnly === true)).toBe(true);
  });
});

describe.each(sites.map((site) => [site.id, site] as const))("site %s", (_id, site) => {
  it("reports the transport facts of the ground truth", () => {
    const transport = results.get(site.id)!.transport!;
    expect({
      finalScheme: transport.finalScheme,
      httpsAvailable: transport.httpsAvailable,
      httpAvailable: transport.httpAvailable,
      httpRedirectsToHttps: transport.httpRedirectsToHttps,
      browserRefusesCertificate: transport.browserCertificateError !== null,
      hsts: transport.hsts,
      mixedContent:
        transport.mixedContent === null
          ? null
          : { blocked: transport.mixedContent.blocked, upgraded: transport.mixedContent.upgraded, allowed: transport.mixedContent.allowed },
      cookiesWithoutSecure: transport.cookiesWithoutSecure,
      privacyHeaders: transport.privacyHeaders,
    }).toEqual({ ...site.transport, certificate: undefined });
  });

  it("reports the certificate of the ground truth from the probe, and from the browser where it loads the page", () => {
    const { certificate } = results.get(site.id)!.transport!;
    const expected = site.transport.certificate;
    if (expected === null) {
      expect(certificate).toEqual({ browser: null, probe: null });
      return;
    }
    const { daysToExpiry, ...facts } = expected;
    expect(certificateFacts(certificate.probe!)).toEqual(facts);
    // Whole days, counted when the scan ran: one day of slack for a run that spans the hour the count turns.
    expect(Math.abs(certificate.probe!.daysToExpiry - daysToExpiry)).toBeLessThanOrEqual(1);
    if (site.transport.finalScheme === "https") {
      const { authorizationError: _unused, ...browserFacts } = facts;
      expect(certificateFacts(certificate.browser!)).toEqual(browserFacts);
      expect(certificate.browser!.daysToExpiry).toBe(certificate.probe!.daysToExpiry);
      expect(certificate.browser!.validTo).toBe(certificate.probe!.validTo);
    } else expect(certificate.browser).toBeNull();
  });

  it("ran every step, reports both transport collectors as ok, and never outputs the canary", () => {
    const observations = results.get(site.id)!;
    const { steps, status } = observations.transport!;
    expect(status).toBe("ok");
    expect([steps.tlsProbe.status, steps.httpProbe.status]).toEqual(["ok", "ok"]);
    expect(steps.browser).toEqual(
      site.transport.finalScheme === null ? { status: "skipped", reason: "no_document" } : { status: "ok", reason: null },
    );
    expect(observations.collectors.filter((collector) => collector.phase === "transport").map((c) => [c.id, c.status])).toEqual([
      ["transport", "ok"],
      ["transport_probe", "ok"],
    ]);
    expect(JSON.stringify(observations)).not.toContain("CANARY");
  });
});

describe("special cases", () => {
  it("scans a site whose certificate expired: the browser refuses it, the scan completes as a no-go, the probe says expired", () => {
    const observations = results.get("faded-gallery")!;
    expect(observations.navigation).toMatchObject({ pageKind: "unreachable", noGoReason: "navigation_failed", finalUrl: null });
    // The browser trusts the fixture root as it would a public one, and so names the date.
    expect(observations.transport!.browserCertificateError).toBe("date_invalid");
    expect(observations.transport!.certificate.probe).toMatchObject({
      expired: true,
      authorized: false,
      authorizationError: "CERT_HAS_EXPIRED",
    });
  });

  it("follows a visitor who types http:// to the HTTPS page, and reports the redirect and HSTS", () => {
    const transport = results.get(HARBOUR_OVER_HTTP)!.transport!;
    expect(results.get(HARBOUR_OVER_HTTP)!.navigation.redirects).toEqual([{ host: "www.harbour-bank.test", status: 301 }]);
    expect(transport).toMatchObject({ finalScheme: "https", httpRedirectsToHttps: true, hsts: { present: true, preload: true } });
  });

  it("keeps mixed content by host and resource type, never by URL", () => {
    const mixed = results.get("sunny-radio")!.transport!.mixedContent!;
    expect(mixed.items).toEqual(
      expect.arrayContaining([
        { host: "www.sunny-radio.test", resourceType: "script", resolution: "blocked", count: 1 },
        { host: "www.sunny-radio.test", resourceType: "subdocument", resolution: "blocked", count: 1 },
        { host: "www.sunny-radio.test", resourceType: "image", resolution: "upgraded", count: 1 },
      ]),
    );
    expect(JSON.stringify(results.get("sunny-radio")!.transport)).not.toMatch(/player\.js|studio\.svg|schedule/);
  });
});
