import { TransportObservationSchema, type CookieObservation, type NavigationObservation } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import type { TransportProbeResult } from "../../src/transport/probe-transport.js";
import {
  toFailedTransportObservation,
  toTransportObservation,
  type TransportInputs,
} from "../../src/transport/to-transport-observation.js";
import type { BrowserTransport } from "../../src/transport/transport-collector.js";

const CERTIFICATE = {
  validFrom: "2026-11-01T00:00:00.000Z",
  validTo: "2026-12-01T00:00:00.000Z",
  daysToExpiry: 7,
  expired: false,
  notYetValid: false,
  issuer: "Example CA",
  subjectMatchesHost: true,
  protocol: "TLS 1.3" as const,
  cipher: "AES_128_GCM",
};
const PROBE: TransportProbeResult = {
  host: "www.example.test",
  tls: { kind: "handshake", certificate: { ...CERTIFICATE, cipher: "TLS_AES_128_GCM_SHA256", authorized: true, authorizationError: null } },
  http: { kind: "answered", redirectsToHttps: true, reason: "redirects_to_https" },
};
const BROWSER: BrowserTransport = {
  document: {
    scheme: "https",
    hsts: { present: true, valid: true, maxAgeSeconds: 300, includeSubDomains: false, preload: false },
    privacyHeaders: { referrerPolicy: "no-referrer", permissionsPolicy: false, csp: true, cspReportOnly: false },
    certificate: CERTIFICATE,
  },
  certificateError: null,
  mixedContent: {
    blocked: 1,
    upgraded: 0,
    allowed: 0,
    items: [{ host: "cdn.example.test", resourceType: "script", resolution: "blocked", count: 1 }],
  },
};
const NAVIGATION = { finalUrl: "https://www.example.test/" } as NavigationObservation;
const cookie = (secure: boolean, blocked = false) =>
  ({ secure, blockedReasons: blocked ? ["third_party_blocked"] : null }) as CookieObservation;
const inputs = (over: Partial<TransportInputs> = {}): TransportInputs => ({
  targetHost: "www.example.test",
  probe: PROBE,
  browser: { result: BROWSER, status: "ok", reason: null },
  navigation: NAVIGATION,
  cookies: [cookie(true), cookie(false), cookie(false, true)],
  ...over,
});

describe("toTransportObservation", () => {
  it("puts the probe's and the browser's facts together, and validates", () => {
    const observation = toTransportObservation(inputs());
    expect(TransportObservationSchema.parse(observation)).toEqual(observation);
    expect(observation).toMatchObject({
      status: "ok",
      reason: null,
      finalScheme: "https",
      httpsAvailable: true,
      httpAvailable: true,
      httpRedirectsToHttps: true,
      hsts: { present: true, maxAgeSeconds: 300 },
      certificate: { browser: CERTIFICATE, probe: { authorized: true } },
      mixedContent: { blocked: 1 },
      // Stored cookies without Secure only: a refused cookie was never set.
      cookiesWithoutSecure: 1,
      privacyHeaders: { referrerPolicy: "no-referrer", csp: true },
    });
  });

  it("leaves HTTPS-only facts null on an HTTP page", () => {
    const http: BrowserTransport = { ...BROWSER, document: { ...BROWSER.document!, scheme: "http", hsts: null, certificate: null } };
    const observation = toTransportObservation(inputs({ browser: { result: http, status: "ok", reason: null } }));
    expect(observation).toMatchObject({ finalScheme: "http", hsts: null, mixedContent: null, cookiesWithoutSecure: null });
    expect(observation.privacyHeaders).not.toBeNull();
  });

  it("says a peer that refuses TLS has no HTTPS, and a refused port 80 no HTTP, as facts", () => {
    const observation = toTransportObservation(
      inputs({
        probe: {
          ...PROBE,
          tls: { kind: "refused_by_peer", reason: "connection_refused" },
          http: { kind: "refused_by_peer", reason: "connection_reset" },
        },
      }),
    );
    expect(observation).toMatchObject({ status: "ok", httpsAvailable: false, httpAvailable: false, httpRedirectsToHttps: null });
    expect(observation.steps.tlsProbe).toEqual({ status: "ok", reason: "connection_refused" });
  });

  it("keeps a timed-out probe apart from absence: null facts, a partial status", () => {
    const observation = toTransportObservation(inputs({ probe: { ...PROBE, tls: { kind: "timed_out" }, http: { kind: "timed_out" } } }));
    expect(observation).toMatchObject({ status: "partial", httpsAvailable: null, httpAvailable: null, httpRedirectsToHttps: null });
    expect(observation.steps.tlsProbe).toEqual({ status: "timed_out", reason: "probe_timeout" });
    expect(observation.certificate.probe).toBeNull();
  });

  it("fails as a whole for a target the egress guard refuses, with the guard's reason", () => {
    const observation = toTransportObservation(
      inputs({
        probe: {
          host: "10.0.0.1",
          tls: { kind: "refused", reason: "ip_literal_private" },
          http: { kind: "refused", reason: "ip_literal_private" },
        },
        browser: { result: { ...BROWSER, document: null }, status: "ok", reason: null },
        navigation: { finalUrl: null } as NavigationObservation,
      }),
    );
    expect(observation).toMatchObject({ status: "failed", reason: "ip_literal_private", finalScheme: null, cookiesWithoutSecure: null });
    expect(observation.steps.browser).toEqual({ status: "skipped", reason: "no_document" });
  });

  it("carries a failed browser collector's reason, keeping the probe's facts", () => {
    const observation = toTransportObservation(inputs({ browser: { result: null, status: "timed_out", reason: "collector_timeout" } }));
    expect(observation).toMatchObject({ status: "partial", httpsAvailable: true, hsts: null, privacyHeaders: null, mixedContent: null });
    expect(observation.steps.browser).toEqual({ status: "timed_out", reason: "collector_timeout" });
    expect(observation.finalScheme).toBe("https");
  });

  it("makes a failed observation that validates and claims nothing", () => {
    const failed = toFailedTransportObservation({ host: "www.example.test", reason: "invalid_observation" });
    expect(TransportObservationSchema.parse(failed)).toEqual(failed);
    expect(failed.httpsAvailable).toBeNull();
  });
});
