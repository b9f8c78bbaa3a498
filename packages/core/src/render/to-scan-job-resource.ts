import { DISCLAIMER, type ScanJob } from "../contract/index.js";
import type { ScanRecord } from "../domain/scan-record.js";
import type { RequestProvenance } from "./to-scan-resource.js";
import type { LinkBuilder } from "./scan-links.js";
import { scanTimeSeconds } from "./scan-overview.js";

/** Reported for an ended job whose record kept no error (it should not happen; it must not break the schema). */
const UNKNOWN_FAILURE = {
  code: "internal_error",
  message: "The scan could not be completed.",
  retryable: true,
  retryAfterSeconds: 30,
  recommendedNextAction: "retry_after_delay",
} as const;

export interface JobTiming {
  now: number;
  /** A running job whose heartbeat is older than this is reported as stalled. */
  stallAfterMs: number;
  /** Typical duration of a whole scan, from observed scans, for the remaining-time estimate; null if unknown. */
  typicalScanSeconds: number | null;
  /** Poll interval to recommend while active. */
  pollSeconds: number;
}

/**
 * The ScanJob resource of a record that is active, failed or expired. Progress is an estimate; the
 * remaining time comes from observed scan durations, or is null when there are none.
 */
export function toScanJobResource(
  record: ScanRecord,
  context: { links: LinkBuilder; provenance: RequestProvenance; timing: JobTiming },
): ScanJob {
  const { links, timing } = context;
  const ended = record.status === "failed" || record.status === "expired";
  const status = record.status === "completed" || record.status === "completed_limited" ? "finalizing" : record.status;
  const elapsedSeconds = record.startedAt === null ? 0 : Math.max(0, (timing.now - Date.parse(record.startedAt)) / 1000);
  const estimatedRemainingSeconds =
    ended || timing.typicalScanSeconds === null ? null : Math.max(0, Math.round(timing.typicalScanSeconds - elapsedSeconds));
  const stalled = !ended && record.status === "running" && timing.now - Date.parse(record.lastHeartbeatAt) > timing.stallAfterMs;
  return {
    type: "service_scan_job",
    jobId: record.jobId,
    scanId: record.scanId,
    domain: record.domain,
    url: record.url,
    status,
    phase: record.phase,
    startedAt: record.startedAt,
    completedAt: record.completedAt,
    scanTimeSeconds: scanTimeSeconds(record),
    phaseStartedAt: record.phaseStartedAt,
    lastHeartbeatAt: record.lastHeartbeatAt,
    progressPercent: ended ? 100 : Math.min(99, Math.max(0, Math.round(record.progressPercent))),
    progressIsEstimate: !ended,
    estimatedRemainingSeconds,
    stalled,
    retryAfterSeconds: ended ? 0 : timing.pollSeconds,
    reportUrl: links.report(record.scanId),
    recommendedNextAction: ended ? "start_new_scan" : "poll_status_after_retry_delay",
    ...(ended ? { error: record.error ?? UNKNOWN_FAILURE } : {}),
    ...context.provenance,
    recommendedNextTool: ended ? "service_scan_site" : "service_get_scan_status",
    links: { self: links.status(record.scanId), status: links.status(record.scanId) },
    disclaimer: DISCLAIMER,
  };
}
