import type { ScanObservations } from "@public-scan/core";
import type { PhasesGroundTruth } from "@public-scan/fixture-web";
import { describe, expect, it } from "vitest";
import { expectedPhaseEvidence, observedPhaseEvidence } from "../accuracy/phase-evidence.js";
import { LATER_PHASES } from "../accuracy/measure-fixture-site.js";

interface PhaseSite {
  id: string;
  phases: PhasesGroundTruth;
  preConsent: Parameters<typeof expectedPhaseEvidence>[0];
}

const CANARY = "CANARY";
const sorted = (items: Iterable<string> | undefined) => [...new Set(items)].sort();
/** Cookies, storage, tracker hosts and vendors of a phase (services are scored by the accuracy test alone). */
const comparable = (evidence: ReturnType<typeof expectedPhaseEvidence>) => ({
  cookies: sorted(evidence.cookies),
  storage: sorted(evidence.storage),
  trackerHosts: sorted(evidence.trackerHosts),
  trackerVendors: sorted(evidence.trackerVendors),
});

/**
 * Every phase of a full scan (reject in the same visit, accept and GPC in fresh contexts) against the
 * `phases` ground truth, per site: the phase list with each status and reason, the reject and accept
 * outcomes, and each phase's cookies, storage, tracker hosts and vendors exactly; the canary nowhere. The
 * scans are the caller's (the fixture-web accuracy test's), done once in its `beforeAll`.
 */
export function describePhaseConformance(options: {
  sites: readonly PhaseSite[];
  results: ReadonlyMap<string, ScanObservations>;
  /** A few sites chosen for another test: the whole web's coverage is not theirs to show. */
  subset?: boolean;
}) {
  const { sites, results } = options;
  // A subset's own test says what its sites are for; the coverage of the whole web is checked where it is scanned.
  if (options.subset !== true)
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

  describe.each(sites.map((site) => [site.id, site] as const))("phases of site %s", (_id, site) => {
    it("lists all six phases in order, each with the ground truth's status and reason where it has one", () => {
      const { phases } = results.get(site.id)!;
      expect(phases?.map(({ phase }) => phase)).toEqual(["pre_consent", ...LATER_PHASES.map(([phase]) => phase)]);
      const written = LATER_PHASES.flatMap(([phase, key]) => {
        const truth = site.phases[key];
        return truth === undefined ? [] : [{ phase, status: truth.status, reason: truth.reason }];
      });
      expect(
        phases!
          .filter((run) => written.some((entry) => entry.phase === run.phase))
          .map(({ phase, status, reason }) => ({ phase, status, reason })),
      ).toEqual(written);
      for (const run of phases!) expect(run.observeMs === null).toBe(run.status !== "completed");
      // A next page follows its choice: it completes only after a completed choice, and a fixture page never breaks it.
      for (const [next, choice] of [
        ["reject_next_page", "after_reject"],
        ["accept_next_page", "after_accept"],
      ] as const) {
        const nextRun = phases!.find((run) => run.phase === next)!;
        if (phases!.find((run) => run.phase === choice)!.status !== "completed") expect(nextRun.status).toBe("not_run");
        expect(["completed", "not_run"]).toContain(nextRun.status);
      }
    });

    it.each([
      ["reject_next_page", "rejectNextPage"],
      ["accept_next_page", "acceptNextPage"],
    ] as const)("says how %s was reached and whether the banner came back, as the ground truth has it", (phase, key) => {
      const truth = site.phases[key];
      if (truth === undefined) return;
      const visit = results.get(site.id)!.nextPages?.find((entry) => entry.phase === phase) ?? null;
      expect(visit === null ? null : { via: visit.via, bannerShown: visit.bannerShown }).toEqual(
        truth.status === "completed" ? { via: truth.via, bannerShown: truth.bannerShown } : null,
      );
    });

    it("reports the reject and accept outcomes of the ground truth", () => {
      expect(results.get(site.id)!.consentActions).toEqual(site.phases.consentActions);
    });

    it.each(LATER_PHASES)("records the %s evidence of the ground truth", (phase, key) => {
      const observations = results.get(site.id)!;
      const truth = site.phases[key];
      // A next page is written down only for the sites built to show one.
      if (truth === undefined) return;
      expect(comparable(observedPhaseEvidence(observations, phase))).toEqual(comparable(expectedPhaseEvidence(truth)));
      // A phase that did not run has no evidence and no collector reports: nothing reads as "nothing happened".
      const reports = observations.collectors.filter((report) => report.phase === phase);
      expect(reports.map((report) => `${report.id}:${report.status}`)).toEqual(
        truth.status === "completed" ? ["requests:ok", "cookies:ok", "storage:ok"] : [],
      );
    });

    it("keeps the pre-consent evidence of the ground truth", () => {
      const observed = observedPhaseEvidence(results.get(site.id)!, "pre_consent");
      expect(comparable(observed)).toEqual(comparable(expectedPhaseEvidence(site.preConsent)));
    });

    it("times the visit: the banner before the snapshot, reject's moment between the phases' requests", () => {
      const observations = results.get(site.id)!;
      const times = observations.visitTimes!;
      const reject = observations.consentActions!.reject;
      expect(times.preConsentSnapshotMs).toBeGreaterThan(0);
      // autoconsent's own CMPs report their popup as it shows; a heuristic banner is found by the snapshot only.
      if (reject.method === "autoconsent") expect(times.bannerShownMs).toBeLessThanOrEqual(times.preConsentSnapshotMs);
      expect(times.rejectMs === null).toBe(reject.outcome === "not_attempted");
      const afterReject = site.phases.afterReject.status === "completed";
      expect(times.afterRejectSnapshotMs === null).toBe(!afterReject);
      if (afterReject) expect(times.afterRejectSnapshotMs).toBeGreaterThan(times.rejectMs!);
      const firstSeen = (phase: string) =>
        observations.requests.filter((request) => request.phase === phase).map((request) => request.firstSeenMs!);
      expect(firstSeen("pre_consent").length).toBeGreaterThan(0);
      for (const ms of firstSeen("pre_consent")) expect(ms).toBeLessThanOrEqual(times.rejectMs ?? times.preConsentSnapshotMs + 5000);
      for (const ms of firstSeen("after_reject")) expect(ms).toBeGreaterThanOrEqual(times.rejectMs!);
      // The next page after reject continues the same visit, after the reject's snapshot.
      for (const ms of firstSeen("reject_next_page")) expect(ms).toBeGreaterThanOrEqual(times.afterRejectSnapshotMs!);
      // Fresh visits time their requests from their own navigation.
      for (const ms of [...firstSeen("after_accept"), ...firstSeen("gpc")]) expect(ms).toBeGreaterThanOrEqual(0);
    });

    it("never outputs the canary", () => {
      expect(JSON.stringify(results.get(site.id)!)).not.toContain(CANARY);
    });
  });
}
