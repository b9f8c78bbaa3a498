import type { ScanObservations } from "@public-scan/core";
import { afterAll, beforeAll, inject } from "vitest";
import type { PuppeteerScannerOptions } from "../../src/index.js";
import { createFixtureScanner } from "./create-fixture-scanner.js";

type FixtureSite = ReturnType<typeof inject<"fixtureWeb">>["sites"][number];

/**
 * The fixture sites that carry one kind of ground truth (`consent`, `privacy`, ...), each scanned once
 * before the file's tests (in `beforeAll`, concurrently, on the shared Chromium) with the scanner closed
 * after them. The global setup passes each site's ground truth through as read; its declared type predates
 * these kinds, so the caller names the kind's type.
 */
export function scanGroundTruthSites<Truth, Kind extends string>(
  kind: Kind,
  options: Pick<PuppeteerScannerOptions, "observeMs" | "concurrency">,
): { sites: Array<FixtureSite & Record<Kind, Truth>>; results: Map<string, ScanObservations> } {
  const scanner = createFixtureScanner(options);
  const sites = inject("fixtureWeb").sites.flatMap((site) => {
    const truth = (site.groundTruth as Partial<Record<Kind, Truth>>)[kind];
    return truth === undefined ? [] : [{ ...site, [kind]: truth } as FixtureSite & Record<Kind, Truth>];
  });
  const results = new Map<string, ScanObservations>();
  beforeAll(async () => {
    await Promise.all(sites.map(async (site) => results.set(site.id, await scanner.scan({ url: site.url }))));
  }, 120_000);
  afterAll(() => scanner.close());
  return { sites, results };
}
