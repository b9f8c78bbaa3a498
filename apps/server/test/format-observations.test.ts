import type { ScanObservations } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import { formatObservations } from "../src/format-observations.js";

const classification = { vendor: "Google", purpose: "analytics" as const, category: "analytics", sources: ["tracker_catalogue" as const] };
const observations: ScanObservations = {
  schemaVersion: 1,
  scanner: { name: "public-scan", version: "0.0.0", browserVersion: "Chrome/153", data: {} },
  target: { url: "https://www.daily-courier.test/", host: "www.daily-courier.test", registrableDomain: "daily-courier.test" },
  startedAt: "2026-11-23T10:00:00.000Z",
  completedAt: "2026-11-23T10:00:05.000Z",
  navigation: {
    requestedUrl: "https://www.daily-courier.test/",
    finalUrl: "https://www.daily-courier.test/",
    redirects: [],
    httpStatus: 200,
    contentType: "text/html",
    timings: { responseMs: 20, domContentLoadedMs: 80, loadMs: 300, networkIdleMs: 900 },
    reachedNetworkIdle: true,
    pageKind: "html",
    noGoReason: null,
  },
  cookies: [
    {
      name: "_ga",
      domain: "daily-courier.test",
      hostOnly: false,
      path: "/",
      session: false,
      expiresInSeconds: 63_072_000,
      secure: false,
      httpOnly: false,
      sameSite: "lax",
      partitioned: false,
      size: 30,
      setBy: "javascript",
      setterHost: "www.googletagmanager.com",
      party: "first_party",
      phase: "pre_consent",
      blockedReasons: null,
      classification,
    },
  ],
  storage: [],
  requests: [
    {
      host: "region1.google-analytics.com",
      registrableDomain: "google-analytics.com",
      party: "third_party",
      resourceType: "beacon",
      initiatorHost: "www.googletagmanager.com",
      status: 204,
      refused: false,
      count: 2,
      phase: "pre_consent",
      trackerListed: true,
      classification,
    },
    {
      host: "169.254.169.254",
      registrableDomain: null,
      party: "third_party",
      resourceType: "image",
      initiatorHost: null,
      status: null,
      refused: true,
      count: 1,
      phase: "pre_consent",
      trackerListed: false,
      classification: { vendor: null, purpose: "unknown", category: null, sources: [] },
    },
  ],
  frames: [{ kind: "main_frame", host: "www.daily-courier.test", party: "first_party", outOfProcess: false }],
  collectors: [{ id: "cookies", phase: "pre_consent", status: "ok", durationMs: 5, itemCount: 1, reason: null }],
  truncated: { cookies: 0, storage: 0, requests: 0, frames: 0 },
};

describe("formatObservations", () => {
  const text = formatObservations(observations);

  it("shows the navigation, the cookie with its setter, the tracker with its vendor and the refused host", () => {
    expect(text).toContain("Scanned https://www.daily-courier.test/");
    expect(text).toMatch(/_ga\s+daily-courier\.test\s+1st\s+js www\.googletagmanager\.com\s+Google\s+analytics\s+730 d/);
    expect(text).toMatch(/region1\.google-analytics\.com\s+Google\s+analytics\s+2\s+listed/);
    expect(text).toContain("Refused by the egress guard: 169.254.169.254");
    expect(text).toContain("not legal advice");
  });

  it("counts requests over hosts", () => {
    expect(text).toContain("Requests 3 to 2 hosts");
  });
});

describe("formatObservations with consent phases", () => {
  const cookie = observations.cookies[0]!;
  const withPhases: ScanObservations = {
    ...observations,
    // The same cookie again after accept: it belongs in that phase's section, never twice "before consent".
    cookies: [cookie, { ...cookie, name: "_ga_ACCEPTED", phase: "after_accept" }],
    consent: {
      status: "ok",
      reason: null,
      steps: { autoconsent: "ok", bannerScan: "ok", apiProbe: "ok" },
      cmp: "Osano cookieconsent",
      detectedBy: "autoconsent",
      bannerVisible: true,
      frame: "main_frame",
      inShadowDom: false,
      firstLayer: { accept: false, reject: false, settings: false, acknowledge: true },
      classification: "cosmetic_only",
      apis: null,
      tcf: null,
    },
    phases: [
      { phase: "pre_consent", status: "completed", reason: null, observeMs: 1000 },
      { phase: "after_reject", status: "not_run", reason: "no_reject_option", observeMs: null },
      { phase: "after_accept", status: "completed", reason: null, observeMs: 1000 },
      { phase: "gpc", status: "completed", reason: null, observeMs: 1000 },
    ],
    consentActions: {
      reject: { outcome: "failed", method: "autoconsent", verified: null, reason: "no_reject_option" },
      accept: { outcome: "succeeded", method: "autoconsent", verified: null, reason: "notice_dismissed" },
    },
  };
  const text = formatObservations(withPhases);

  it("shows each phase that ran in its own section, and items only in their phase", () => {
    expect(text).toContain("Cookies before consent (1)");
    expect(text).toContain("Cookies after accept (1)");
    expect(text).toContain("Cookies under Global Privacy Control (0)");
    expect(text).not.toContain("Cookies after reject");
    const before = text.slice(text.indexOf("Cookies before consent"), text.indexOf("Cookies after accept"));
    expect(before).not.toContain("_ga_ACCEPTED");
  });

  it("has a consent section: the CMP, the first layer, what reject and accept did, and why a phase did not run", () => {
    expect(text).toContain("banner visible · CMP Osano cookieconsent (autoconsent) · first layer cosmetic_only (acknowledge)");
    expect(text).toContain("reject failed (autoconsent, no_reject_option)");
    expect(text).toContain("accept succeeded (autoconsent, notice_dismissed)");
    expect(text).toContain("after_reject not_run (no_reject_option)");
  });

  it("says which pre-consent trackers stopped under GPC and which still fired", () => {
    // The GPC visit contacted no tracker: Google Analytics, seen before consent, stopped.
    expect(text).toContain("GPC stopped region1.google-analytics.com · still fired none");
    const tracker = observations.requests[0]!;
    const stillFiring = formatObservations({ ...withPhases, requests: [...withPhases.requests, { ...tracker, phase: "gpc" }] });
    expect(stillFiring).toContain("GPC stopped none · still fired region1.google-analytics.com");
  });
});
