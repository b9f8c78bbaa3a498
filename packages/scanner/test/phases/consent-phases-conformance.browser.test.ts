import type { EvidencePhase, ScanObservations } from "@public-scan/core";
import type { ConsentGroundTruth, GroundTruth, PhaseGroundTruth, PhasesGroundTruth } from "@public-scan/fixture-web";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createFixtureScanner } from "../support/create-fixture-scanner.js";

/**
 * Every phase on every fixture site, with the shared Chromium: reject in the same visit, accept and GPC in
 * fresh contexts. Per site, the phase list, the reject and accept outcomes, and each phase's cookies,
 * storage and tracker vendors equal the ground truth; tracker hosts reach precision and recall of at
 * least 0.95 per phase over all sites; the canary appears nowhere.
 */
const web = inject("fixtureWeb");
const scannerWith = (options: { observeMs: number; phaseObserveMs: { reject: number; accept: number; gpc: number } }) =>
  createFixtureScanner({
    phases: "full",
    concurrency: 5,
    ...options,
  });
// daily-courier's ground truth holds for a visit observed ~2 s (its Hotjar starts 1.5 s after load); the
// other sites settle by network idle, so short windows do. After reject only the requests of the window
// count: a short one still shows what keeps firing (ticket-hall's tags start on the click).
const SLOW_SITES = new Set(["daily-courier"]);
const slowScanner = scannerWith({ observeMs: 2000, phaseObserveMs: { reject: 600, accept: 1600, gpc: 2000 } });
const scanner = scannerWith({ observeMs: 1200, phaseObserveMs: { reject: 800, accept: 800, gpc: 800 } });
const CANARY = "CANARY";
// The global setup passes each site's ground truth through as read; its declared type predates these keys.
const sites = web.sites.flatMap((site) => {
  const truth = site.groundTruth as GroundTruth & { consent?: ConsentGroundTruth; phases?: PhasesGroundTruth };
  return site.id === "ssrf-lab" || truth.phases === undefined ? [] : [{ ...site, phases: truth.phases, preConsent: truth.preConsent }];
});
const results = new Map<string, ScanObservations>();

beforeAll(async () => {
  await Promise.all(
    sites.map(async (site) => results.set(site.id, await (SLOW_SITES.has(site.id) ? slowScanner : scanner).scan({ url: site.url }))),
  );
}, 120_000);
afterAll(async () => {
  await Promise.all([scanner.close(), slowScanner.close()]);
});

const PHASES = [
  ["after_reject", "afterReject"],
  ["after_accept", "afterAccept"],
  ["gpc", "gpc"],
] as const satisfies ReadonlyArray<readonly [EvidencePhase, keyof PhasesGroundTruth]>;

const cookieKey = (cookie: { name: string; domain: string }) => `${cookie.name}@${cookie.domain}`;
const storageKey = (item: { kind: string; originHost: string; name: string }) => `${item.kind}:${item.originHost}:${item.name}`;
const sorted = (items: Iterable<string>) => [...new Set(items)].sort();

function evidenceOf(observations: ScanObservations, phase: EvidencePhase) {
  const trackers = observations.requests.filter(
    (request) => request.phase === phase && request.party === "third_party" && request.classification.vendor !== null,
  );
  return {
    cookies: sorted(observations.cookies.filter((cookie) => cookie.phase === phase && cookie.blockedReasons === null).map(cookieKey)),
    storage: sorted(
      observations.storage
        .filter((item) => item.phase === phase && item.kind !== "service_worker" && item.kind !== "cache_storage")
        .map(storageKey),
    ),
    trackerHosts: sorted(trackers.map((request) => request.host)),
    trackerVendors: sorted(trackers.map((request) => request.classification.vendor!)),
  };
}

const expectedOf = (truth: PhaseGroundTruth) => ({
  cookies: sorted(truth.cookies.map(cookieKey)),
  storage: sorted(truth.storage.map(storageKey)),
  trackerHosts: sorted(truth.trackerHosts),
  trackerVendors: sorted(truth.trackerVendors),
});

const totals = new Map<EvidencePhase, { truePositives: number; falsePositives: number; falseNegatives: number }>(
  PHASES.map(([phase]) => [phase, { truePositives: 0, falsePositives: 0, falseNegatives: 0 }]),
);
function tally(phase: EvidencePhase, expected: readonly string[], observed: readonly string[]) {
  const counts = totals.get(phase)!;
  for (const host of observed) counts[expected.includes(host) ? "truePositives" : "falsePositives"] += 1;
  for (const host of expected) if (!observed.includes(host)) counts.falseNegatives += 1;
}

describe("the phase ground truth", () => {
  it("covers tracking after reject, GPC honoured and ignored, every reject outcome, and an iframe and a shadow-DOM banner", () => {
    const byId = new Map(sites.map((site) => [site.id, site]));
    expect(byId.get("ticket-hall")!.phases.afterReject.trackerHosts.length).toBeGreaterThan(0);
    expect(byId.get("maple-outfitters")!.preConsent.trackerHosts.length).toBeGreaterThan(0);
    expect(byId.get("maple-outfitters")!.phases.gpc.trackerHosts).toEqual([]);
    expect(byId.get("bargain-barn")!.phases.gpc.trackerHosts.length).toBeGreaterThan(0);
    const rejects = new Set(
      sites.map((site) => `${site.phases.consentActions.reject.outcome}:${site.phases.consentActions.reject.method}`),
    );
    for (const outcome of ["succeeded:autoconsent", "succeeded:heuristic", "failed:heuristic", "not_attempted:null"])
      expect(rejects).toContain(outcome);
  });
});

describe.each(sites.map((site) => [site.id, site] as const))("site %s", (_id, site) => {
  it("lists all four phases in order, each with the ground truth's status and reason", () => {
    const { phases } = results.get(site.id)!;
    expect(phases?.map(({ phase, status, reason }) => ({ phase, status, reason }))).toEqual([
      { phase: "pre_consent", status: "completed", reason: null },
      ...PHASES.map(([phase, key]) => ({ phase, status: site.phases[key].status, reason: site.phases[key].reason })),
    ]);
    for (const run of phases!) expect(run.observeMs === null).toBe(run.status !== "completed");
  });

  it("reports the reject and accept outcomes of the ground truth", () => {
    expect(results.get(site.id)!.consentActions).toEqual(site.phases.consentActions);
  });

  it.each(PHASES)("records the %s evidence of the ground truth", (phase, key) => {
    const observed = evidenceOf(results.get(site.id)!, phase);
    const expected = expectedOf(site.phases[key]);
    tally(phase, expected.trackerHosts, observed.trackerHosts);
    expect(observed).toEqual(expected);
    // A phase that did not run has no evidence and no collector reports: nothing reads as "nothing happened".
    const reports = results.get(site.id)!.collectors.filter((report) => report.phase === phase);
    expect(reports.map((report) => `${report.id}:${report.status}`)).toEqual(
      site.phases[key].status === "completed" ? ["requests:ok", "cookies:ok", "storage:ok"] : [],
    );
  });

  it("keeps the pre-consent evidence of the ground truth", () => {
    const observed = evidenceOf(results.get(site.id)!, "pre_consent");
    expect(observed).toEqual(expectedOf({ status: "completed", reason: null, ...site.preConsent }));
  });

  it("never outputs the canary", () => {
    expect(JSON.stringify(results.get(site.id)!)).not.toContain(CANARY);
  });
});

describe("across the fixture web", () => {
  it.each(PHASES.map(([phase]) => phase))("reaches tracker-host precision and recall of at least 0.95 after %s", (phase) => {
    const { truePositives, falsePositives, falseNegatives } = totals.get(phase)!;
    const precision = truePositives / (truePositives + falsePositives);
    const recall = truePositives / (truePositives + falseNegatives);
    console.info(
      `${phase}: tracker hosts ${truePositives} true, ${falsePositives} false positive, ${falseNegatives} missed; precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}`,
    );
    expect(truePositives).toBeGreaterThanOrEqual(4);
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.95);
  });
});
