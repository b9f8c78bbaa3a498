import { urlHashOf, type ScanRecord, type ScanReport } from "@public-scan/core";

export interface TestScanRecordInput {
  readonly scanId: string;
  readonly status: ScanRecord["status"];
  /** Default `https://example.test/`. */
  readonly url?: string;
  /** Default `eu`; null is a record whose region was not persisted. */
  readonly scanFrom?: string | null;
  /** ISO date-time; only completed, failed and expired records have one. Default 2026-08-15T12:00:00.000Z. */
  readonly completedAt?: string;
  /** A `completed_limited` record whose page could not be observed (no-go): no evidence, never reused. */
  readonly noGo?: boolean;
}

const CREATED_AT = "2026-08-15T11:58:00.000Z";
const STARTED_AT = "2026-08-15T11:58:05.000Z";
const DEFAULT_COMPLETED_AT = "2026-08-15T12:00:00.000Z";
const ACTIVE = new Set<ScanRecord["status"]>(["queued", "pending", "running", "finalizing"]);

/**
 * A minimal scored report shaped like core's ScanReport: one finding with an example, one pre-consent row,
 * nested objects and nulls, so a store that loses structure (or turns null into a missing field) is caught.
 */
export function createTestScanReport(status: "completed" | "completed_limited" = "completed"): ScanReport {
  return {
    status,
    score: 72,
    scoreStatus: "final",
    scoreVersion: "test-1",
    riskLevel: "review_suggested",
    coverage: { status: "complete", summary: "All phases observed.", limitations: [] },
    resultDisposition: status === "completed" ? "standard" : "limited_coverage",
    resultDispositionReason: null,
    findings: [
      {
        id: "pre_consent_third_party_tracker",
        label: "Third-party tracker before consent",
        criticality: "medium",
        priority: 2,
        confidence: "high",
        category: "trackers",
        phase: "pre_consent",
        evidence: { basis: "public_report_projection", exampleCount: 1, examplesShown: 1 },
        description: "A tracker host was contacted before any consent choice.",
        caveats: ["Observed from one region."],
        nextSteps: ["Review the tag manager."],
        examples: [
          {
            kind: "tracker_request",
            name: null,
            host: "tracker.test",
            vendor: "Example Ads",
            purpose: "marketing",
            party: "third_party",
            phase: "pre_consent",
          },
        ],
      },
    ],
    preConsentRows: [
      {
        kind: "tracker",
        name: null,
        vendor: "Example Ads",
        host: "tracker.test",
        purpose: "marketing",
        party: "third_party",
        priority: 2,
        requestCount: 3,
        phase: "pre_consent",
        evidenceBasis: "public_report_projection",
      },
    ],
  };
}

/** A no-go report, shaped as core projects one: not assessed, no findings, no rows. */
export function createTestNoGoReport(): ScanReport {
  const message = "The site answered with a bot challenge, so the page could not be observed.";
  return {
    status: "completed_limited",
    score: 0,
    scoreStatus: "not_assessed",
    scoreVersion: "test-1",
    riskLevel: "not_assessed",
    coverage: { status: "none", summary: "The page could not be observed.", limitations: [message] },
    resultDisposition: "no_go",
    resultDispositionReason: { code: "bot_challenge", message },
    findings: [],
    preConsentRows: [],
  };
}

/**
 * A valid ScanRecord for the conformance suite: active records have no report and no completion time,
 * completed ones carry `createTestScanReport`, failed and expired ones an error body.
 */
export function createTestScanRecord(input: TestScanRecordInput): ScanRecord {
  const url = input.url ?? "https://example.test/";
  const active = ACTIVE.has(input.status);
  const completed = input.status === "completed" || input.status === "completed_limited";
  if (input.noGo === true && input.status === "completed") throw new Error("a no-go result is completed_limited, never completed");
  const ended = !active;
  const completedAt = ended ? (input.completedAt ?? DEFAULT_COMPLETED_AT) : null;
  return {
    scanId: input.scanId,
    jobId: `job_${input.scanId}`,
    url,
    urlHash: urlHashOf(url),
    sealedUrl: null,
    domain: new URL(url).hostname,
    scanFrom: input.scanFrom === undefined ? "eu" : input.scanFrom,
    status: input.status,
    phase: ended ? "done" : input.status === "queued" ? "queued" : "runtime_observation",
    createdAt: CREATED_AT,
    startedAt: input.status === "queued" ? null : STARTED_AT,
    completedAt,
    phaseStartedAt: STARTED_AT,
    lastHeartbeatAt: completedAt ?? STARTED_AT,
    progressPercent: ended ? 100 : 10,
    report: !completed ? null : input.noGo === true ? createTestNoGoReport() : createTestScanReport(input.status),
    scoreUpdatedAt: completed ? completedAt : null,
    diagnostics: ended
      ? {
          totalSeconds: 115,
          phases: [{ phase: "runtime_observation", durationSeconds: 40 }],
          collectors: [{ id: "cookies", phase: "pre_consent", status: "ok", durationMs: 12, itemCount: 4, reason: null }],
          counts: { frames: 2, requests: 40, cookies: 4, storageKeys: 1 },
        }
      : null,
    error:
      input.status === "failed" || input.status === "expired"
        ? {
            code: "internal_error",
            message: "The scan could not be completed.",
            retryable: true,
            retryAfterSeconds: 30,
            recommendedNextAction: "retry_later",
          }
        : null,
    attempts: input.status === "queued" ? 0 : 1,
  };
}
