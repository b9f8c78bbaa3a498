import type { ScanObservations } from "@public-scan/core";
import type { GroundTruth } from "@public-scan/fixture-web";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createFixtureScanner } from "../support/create-fixture-scanner.js";
import { describePhaseConformance } from "./describe-phase-conformance.js";

/**
 * A lone full scan on a scanner with free page slots runs its accept and GPC visits beside its own first
 * visit and reject, each in a borrowed slot: seen in the pool's counts while the scan runs (more pages
 * open than the one scan). The evidence must be the ground truth's, phase by phase, as when the phases run
 * one after the other (the fixture-web accuracy test, whose busy scanner mostly has no slot to lend).
 */
const web = inject("fixtureWeb");
const SITES = ["copper-kettle", "pinewood-lodge", "ticket-hall", "maple-outfitters"];
const sites = web.sites
  .filter((site) => SITES.includes(site.id))
  .map((site) => ({ id: site.id, url: site.url, truth: site.groundTruth as GroundTruth }));

const results = new Map<string, ScanObservations>();
const peaks = new Map<string, number>();
const scanner = createFixtureScanner({
  observeMs: 1200,
  phaseObserveMs: { reject: 800, accept: 800, gpc: 800 },
  phases: "full",
  concurrency: 3,
});

beforeAll(async () => {
  // One scan at a time, so every slot but the scan's own is free to lend.
  for (const site of sites) {
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, scanner.stats().running)), 20);
    try {
      results.set(site.id, await scanner.scan({ url: site.url }));
    } finally {
      clearInterval(watch);
    }
    peaks.set(site.id, peak);
  }
}, 240_000);
afterAll(() => scanner.close());

describe("phases side by side", () => {
  it("borrow free page slots for the accept and GPC visits", () => {
    for (const site of sites) expect(peaks.get(site.id), site.id).toBeGreaterThanOrEqual(2);
  });
});

describePhaseConformance({
  sites: sites.flatMap(({ id, truth }) => (truth.phases === undefined ? [] : [{ id, phases: truth.phases, preConsent: truth.preConsent }])),
  results,
  subset: true,
});
