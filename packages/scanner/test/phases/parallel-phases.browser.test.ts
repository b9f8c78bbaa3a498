import type { ScanObservations } from "@public-scan/core";
import type { GroundTruth } from "@public-scan/fixture-web";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createFixtureScanner } from "../support/create-fixture-scanner.js";
import { describePhaseConformance } from "./describe-phase-conformance.js";

/**
 * A lone full scan on a scanner with free page slots runs its accept and GPC visits beside its own first
 * visit and reject, each in a borrowed slot: seen in the pool's counts while the scan runs. GPC starts with
 * the scan, and accept as soon as autoconsent reports a CMP's popup, so both are open before the first
 * visit's observe window ends (progress 55) on a site with a CMP autoconsent knows; on a banner of no known
 * CMP accept starts after the snapshot, and without a banner not at all. The evidence must be the ground
 * truth's, phase by phase, as when the phases run one after the other (the fixture-web accuracy test, whose
 * busy scanner mostly has no slot to lend).
 */
const web = inject("fixtureWeb");
/**
 * Pages open at most before the first visit's snapshot, and in the whole scan. On copper-kettle the GPC
 * visit (0.8 s window) is over by the snapshot (3 s window), so its two pages after it are its own and the
 * accept's beside the reject: one after the other, the scan would have one.
 */
const PAGES: Record<string, { beforeSnapshot: number; whole: number }> = {
  "pinewood-lodge": { beforeSnapshot: 3, whole: 3 },
  "ticket-hall": { beforeSnapshot: 3, whole: 3 },
  "copper-kettle": { beforeSnapshot: 2, whole: 2 },
  "maple-outfitters": { beforeSnapshot: 2, whole: 2 },
};
const sites = web.sites
  .filter((site) => site.id in PAGES)
  .map((site) => ({ id: site.id, url: site.url, truth: site.groundTruth as GroundTruth }));

const results = new Map<string, ScanObservations>();
const peaks = new Map<string, { beforeSnapshot: number; whole: number }>();
// A first window long enough for autoconsent to report the popup well within it, on a busy machine too.
const scanner = createFixtureScanner({
  observeMs: 3000,
  phaseObserveMs: { reject: 800, accept: 800, gpc: 800 },
  phases: "full",
  concurrency: 3,
});

beforeAll(async () => {
  // One scan at a time, so every slot but the scan's own is free to lend.
  for (const site of sites) {
    const peak = { beforeSnapshot: 0, whole: 0 };
    let snapshotTaken = false;
    const watch = setInterval(() => {
      const running = scanner.stats().pages;
      peak.whole = Math.max(peak.whole, running);
      if (!snapshotTaken) peak.beforeSnapshot = Math.max(peak.beforeSnapshot, running);
    }, 20);
    try {
      const observations = await scanner.scan({
        url: site.url,
        onProgress: ({ progressPercent }) => (snapshotTaken ||= progressPercent >= 55),
      });
      results.set(site.id, observations);
    } finally {
      clearInterval(watch);
    }
    peaks.set(site.id, peak);
  }
}, 240_000);
afterAll(() => scanner.close());

describe("phases side by side", () => {
  it.each(Object.entries(PAGES))("%s: the accept and GPC visits borrow free page slots, as early as they can", (site, pages) => {
    expect(peaks.get(site)).toEqual(pages);
  });
});

describePhaseConformance({
  sites: sites.flatMap(({ id, truth }) => (truth.phases === undefined ? [] : [{ id, phases: truth.phases, preConsent: truth.preConsent }])),
  results,
  subset: true,
});
