import type { ErrorBody, EvidencePhase, JobStatus, ScanPhase } from "../contract/index.js";
import type { ScanReport } from "../projection/to-scan-report.js";

/** Timing and collection facts kept for the diagnostics route: bounded, no URLs or values. */
export interface ScanDiagnosticsRecord {
  totalSeconds: number | null;
  phases: Array<{ phase: string; durationSeconds: number }>;
  collectors: Array<{
    id: string;
    phase: EvidencePhase | "transport" | "privacy_policy";
    status: "ok" | "failed" | "timed_out" | "skipped";
    durationMs: number | null;
    itemCount: number;
    reason: string | null;
  }>;
  counts: { frames: number; requests: number; cookies: number; storageKeys: number };
}

/**
 * What the service stores about one scan: its job state while it runs, and its scored report once it is
 * done. Every resource (Scan, ScanJob, findings, tables, Pulse, bundle, diagnostics) is rendered from this.
 * `scanFrom` and the timestamps are only ever the persisted ones; null means unavailable.
 */
export interface ScanRecord {
  scanId: string;
  jobId: string;
  /** Normalised URL (no query string or fragment) and its host: what is shown. */
  url: string;
  /**
   * SHA-256 of the full URL the scan visits (query included): with the region, the key reuse and joins
   * match on (`targetKeyOf`). The query itself is never stored in plain text. Absent in records stored
   * before queries were scanned: their `url` was the whole URL visited, and its hash stands in.
   */
  urlHash?: string;
  /**
   * The full URL, sealed (`UrlSealer`), while the scan is queued or running and only when it has a query;
   * null (or absent) otherwise, and once the scan ended. For the worker alone: never rendered, logged or shown.
   */
  sealedUrl?: string | null;
  domain: string;
  scanFrom: string | null;
  status: JobStatus | "completed" | "completed_limited";
  phase: ScanPhase;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  phaseStartedAt: string;
  lastHeartbeatAt: string;
  progressPercent: number;
  /** Set once, when the scan completes; terminal records never change. */
  report: ScanReport | null;
  scoreUpdatedAt: string | null;
  diagnostics: ScanDiagnosticsRecord | null;
  /** Set when the job failed or expired. */
  error: ErrorBody | null;
  /** How many times a worker started this job (a job interrupted by a dying process is retried once). */
  attempts: number;
  /**
   * The latest earlier scan of the same target (URL and region) that had completed with evidence when this
   * one completed: what its changes are measured against by default. Null when there was none; absent in
   * records stored before it was kept, and while the scan runs.
   */
  previousScanId?: string | null;
}

/** A record with its stored report: what every result renderer takes. */
export type CompletedRecord = ScanRecord & { report: ScanReport; status: "completed" | "completed_limited" };

export function isCompleted(record: ScanRecord): record is CompletedRecord {
  return (record.status === "completed" || record.status === "completed_limited") && record.report !== null;
}

/**
 * A completed scan with evidence: what reuse and a domain's latest scan offer (the contract's "eligible"
 * scan). A no-go result is none: the page could not be observed, so it says nothing about the site, and
 * must neither be served in place of a new scan nor hide an older scan that did observe the page.
 */
export function hasEvidence(record: ScanRecord): record is CompletedRecord {
  return isCompleted(record) && record.report.resultDisposition !== "no_go";
}
