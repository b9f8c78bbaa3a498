import type { PhaseRun } from "../../../src/observations/phase-observation.js";
import type { EvidenceRecord } from "../../../src/projection/evidence-record.js";

/** An evidence record of a third-party tracker host, with what a test sets. */
export const record = (input: Partial<EvidenceRecord> & Pick<EvidenceRecord, "kind" | "phase">): EvidenceRecord => ({
  name: null,
  host: "tracker.example",
  vendor: null,
  purpose: null,
  category: null,
  party: "third_party",
  requestCount: null,
  lifetimeSeconds: null,
  trackerListed: true,
  secure: null,
  ...input,
});
export const run = (phase: PhaseRun["phase"], status: PhaseRun["status"]): PhaseRun => ({ phase, status, reason: null, observeMs: 1000 });
export const ALL_RUN = [
  run("pre_consent", "completed"),
  run("after_reject", "completed"),
  run("after_accept", "completed"),
  run("gpc", "completed"),
];
