import { UNAVAILABLE } from "../contract/index.js";
import type { ScanRecord } from "../domain/scan-record.js";
import { toScoreReading } from "../projection/score/to-score-reading.js";
import type { ScanReport } from "../projection/to-scan-report.js";

type Completed = ScanRecord & { report: ScanReport; status: "completed" | "completed_limited" };

/** The scan summary shared by Scan, Pulse and the bundle: the same fields with the same names. */
export function toScanOverview(record: Completed) {
  return {
    scanId: record.scanId,
    domain: record.domain,
    url: record.url,
    status: record.status,
    score: record.report.score,
    // Reports stored before `not_assessed` existed said `final` for a no-go; its 0 was never a measurement.
    scoreStatus: record.report.resultDisposition === "no_go" ? "not_assessed" : record.report.scoreStatus,
    scoreVersion: record.report.scoreVersion,
    scoreReading: toScoreReading({
      findings: record.report.findings,
      lens: record.report.lens ?? "combined",
      assessed: record.report.resultDisposition !== "no_go",
    }),
    riskLevel: record.report.riskLevel,
    coverage: record.report.coverage,
    resultDisposition: record.report.resultDisposition,
    resultDispositionReason: record.report.resultDispositionReason,
    scanFrom: record.scanFrom ?? UNAVAILABLE,
    startedAt: record.startedAt,
    completedAt: record.completedAt,
  };
}

export function scanTimeSeconds(record: Pick<ScanRecord, "startedAt" | "completedAt">): number | null {
  if (record.startedAt === null || record.completedAt === null) return null;
  return Math.max(0, Math.round((Date.parse(record.completedAt) - Date.parse(record.startedAt)) / 100) / 10);
}
