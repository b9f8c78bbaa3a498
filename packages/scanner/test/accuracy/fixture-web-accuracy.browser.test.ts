import type { ScanObservations } from "@public-scan/core";
import type { GroundTruth } from "@public-scan/fixture-web";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { describeBannerFindings } from "../phases/describe-banner-findings.js";
import { describeConsentModeFindings } from "../phases/describe-consent-mode-findings.js";
import { describePhaseConformance } from "../phases/describe-phase-conformance.js";
import { describeGppFindings } from "../phases/describe-gpp-findings.js";
import { describeTcfFindings } from "../phases/describe-tcf-findings.js";
import { checkAccuracyDocSection } from "../support/check-accuracy-doc-section.js";
import { createFixtureScanner } from "../support/create-fixture-scanner.js";
import { mapConcurrently } from "../support/map-concurrently.js";
import { precisionOf, recallOf } from "../support/precision-recall.js";
import { measureFixtureSite, SCORED_PHASES } from "./measure-fixture-site.js";
import { EVIDENCE_KINDS } from "./phase-evidence.js";
import { renderFixtureAccuracy } from "./render-fixture-accuracy.js";
import { LABEL_KINDS } from "./scored-label.js";
import { sumSiteMeasures, type FixtureAccuracy } from "./sum-site-measures.js";

/**
 * The scanner's accuracy over the whole fixture web: every site scanned once as the reference server scans
 * (all phases: reject in the same visit, accept and GPC in fresh contexts; the privacy-policy and US-privacy
 * collectors), then scored against its ground truth per phase and evidence kind and per consent and privacy
 * label. Every precision and recall must reach 0.98, and docs/accuracy.md must show the figures measured.
 * The same scans serve the per-site phase conformance (`describePhaseConformance`) and the consent-mode
 * findings (`describeConsentModeFindings`), so they run once.
 */
const MIN_PRECISION = 0.98;
const MIN_RECALL = 0.98;

const web = inject("fixtureWeb");
// The global setup passes each site's ground truth through as read; its declared type predates these keys.
const sites = web.sites.map((site) => ({ id: site.id, url: site.url, truth: site.groundTruth as GroundTruth }));
/** Scans in flight at once, over both scanners; each scanner's pool has as many slots, so none waits for one. */
const CONCURRENCY = 6;
const scannerWith = (options: { observeMs: number; phaseObserveMs: { reject: number; accept: number; gpc: number } }) =>
  createFixtureScanner({
    phases: "full",
    concurrency: CONCURRENCY,
    // Twice the product's 90 s: a slow scan on a busy CI machine must not read as a miss. The deadline's own
    // behaviour is tested in phases/phase-budgets.browser.test.ts.
    scanDeadlineMs: 180_000,
    ...options,
  });
// daily-courier's Hotjar starts 1.5 s after its site script runs, then loads a second script that sets its
// cookies: its ground truth holds for the product's default window (4 s). With 2 s, a busy machine ended
// the window before that chain in about one run of three. The other sites settle by network idle, so short
// windows do. After reject only the requests of the window count: a short one still shows what keeps
// firing (ticket-hall's tags start on the click).
const SLOW_SITES = new Set(["daily-courier"]);
const slowScanner = scannerWith({ observeMs: 4000, phaseObserveMs: { reject: 600, accept: 4000, gpc: 4000 } });
const scanner = scannerWith({ observeMs: 1200, phaseObserveMs: { reject: 800, accept: 800, gpc: 800 } });
const results = new Map<string, ScanObservations>();

beforeAll(async () => {
  // The slow site first, so its longer windows do not end the run.
  const ordered = [...sites].sort((a, b) => Number(SLOW_SITES.has(b.id)) - Number(SLOW_SITES.has(a.id)));
  await mapConcurrently({
    items: ordered,
    limit: CONCURRENCY,
    run: async (site) => results.set(site.id, await (SLOW_SITES.has(site.id) ? slowScanner : scanner).scan({ url: site.url })),
  });
}, 420_000);
afterAll(async () => {
  await Promise.all([scanner.close(), slowScanner.close()]);
});

describePhaseConformance({
  sites: sites.flatMap(({ id, truth }) => (truth.phases === undefined ? [] : [{ id, phases: truth.phases, preConsent: truth.preConsent }])),
  results,
});

describeConsentModeFindings({ results });
describeTcfFindings({ results });
describeGppFindings({ results });
describeBannerFindings({ results });

/**
 * The report's rows: each phase's evidence kinds (third-party services only for the first visit; no storage
 * for the next pages, which the sites built to show them never write), then the labels.
 */
const NEXT_PAGES = new Set(["reject_next_page", "accept_next_page"]);
const ROWS = [
  ...SCORED_PHASES.flatMap((phase) =>
    EVIDENCE_KINDS.filter((kind) => (phase === "pre_consent" || kind !== "services") && !(NEXT_PAGES.has(phase) && kind === "storage")).map(
      (kind) => ({
        name: `${phase} ${kind}`,
        phase,
        kind,
      }),
    ),
  ),
  ...LABEL_KINDS.map((label) => ({ name: label, label })),
];

describe("accuracy over the fixture web", () => {
  let accuracy: FixtureAccuracy;
  beforeAll(() => {
    accuracy = sumSiteMeasures(
      sites.map((site) => measureFixtureSite({ site: site.id, truth: site.truth, observations: results.get(site.id)! })),
    );
  });

  it.each(ROWS)(`reaches precision ${MIN_PRECISION} and recall ${MIN_RECALL} on $name`, (row) => {
    const entry =
      "label" in row
        ? accuracy.labels.find((candidate) => candidate.label === row.label)
        : accuracy.evidence.find((candidate) => candidate.phase === row.phase && candidate.kind === row.kind);
    // A row must measure something: at least one expected item over the sites it scores.
    expect((entry?.counts.truePositives ?? 0) + (entry?.counts.falseNegatives ?? 0), `${row.name} has nothing to find`).toBeGreaterThan(0);
    // The errors are in the message, so a failure says which site and what to look at.
    const message = accuracy.errors.filter((error) => error.includes(`: ${row.name}:`)).join("\n");
    expect(precisionOf(entry!.counts), message).toBeGreaterThanOrEqual(MIN_PRECISION);
    expect(recallOf(entry!.counts), message).toBeGreaterThanOrEqual(MIN_RECALL);
  });

  /** `UPDATE_ACCURACY=1` rewrites the tables from this run's figures; otherwise the page must show them. */
  it("is shown in docs/accuracy.md as measured", async () => {
    await checkAccuracyDocSection({ section: "fixture-web-accuracy", measured: renderFixtureAccuracy(accuracy) });
  });
});
