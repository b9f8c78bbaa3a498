import { toGpcComparison, type ScanObservations } from "@public-scan/core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createFixtureScanner } from "../support/create-fixture-scanner.js";

/**
 * The GPC comparison on real scans: maple-outfitters' tags read `navigator.globalPrivacyControl` and stay
 * off under it; harbour-pub's Google tags ignore the signal. Expected hosts are those sites' ground truth.
 */
const web = inject("fixtureWeb");
const scanner = createFixtureScanner({
  phases: "full",
  observeMs: 1200,
  phaseObserveMs: { reject: 600, accept: 600, gpc: 1200 },
  concurrency: 2,
});
const results = new Map<string, ScanObservations>();
const SITES = ["maple-outfitters", "harbour-pub"] as const;

beforeAll(async () => {
  await Promise.all(SITES.map(async (id) => results.set(id, await scanner.scan({ url: web.sites.find((site) => site.id === id)!.url }))));
}, 60_000);
afterAll(() => scanner.close());

const hosts = (refs: ReadonlyArray<{ host: string }>) => refs.map((ref) => ref.host).sort();

describe("which trackers stopped under Global Privacy Control", () => {
  it("lists every pre-consent tracker of a site that honours GPC as stopped, none as still fired", () => {
    const comparison = toGpcComparison(results.get("maple-outfitters")!);
    expect(hosts(comparison!.stopped)).toEqual(
      [
        "connect.facebook.net",
        "px.ads.linkedin.com",
        "region1.google-analytics.com",
        "snap.licdn.com",
        "www.facebook.com",
        "www.googletagmanager.com",
      ].sort(),
    );
    expect(comparison!.stillFired).toEqual([]);
    expect(comparison!.onlyWithGpc).toEqual([]);
  });

  it("lists the trackers of a site that ignores GPC as still fired", () => {
    const comparison = toGpcComparison(results.get("harbour-pub")!);
    expect(hosts(comparison!.stillFired)).toEqual(["region1.google-analytics.com", "www.googletagmanager.com"]);
    expect(comparison!.stopped).toEqual([]);
  });
});
