import { DISCLAIMER, MAX_DIAGNOSTIC_COLLECTORS, type ScanDiagnostics } from "../contract/index.js";
import type { CompletedRecord } from "../domain/scan-record.js";
import type { LinkBuilder } from "./scan-links.js";

/** Bounded timing and collection diagnostics; a record without diagnostics reports them as unavailable. */
export function toDiagnostics(record: CompletedRecord, links: LinkBuilder): ScanDiagnostics {
  const diagnostics = record.diagnostics;
  return {
    type: "service_scan_diagnostics",
    scanId: record.scanId,
    status: record.status,
    timings: { totalSeconds: diagnostics?.totalSeconds ?? null, phases: (diagnostics?.phases ?? []).slice(0, 16) },
    collectors: (diagnostics?.collectors ?? []).slice(0, MAX_DIAGNOSTIC_COLLECTORS),
    counts: diagnostics?.counts ?? { frames: 0, requests: 0, cookies: 0, storageKeys: 0 },
    limitations: diagnostics === null ? ["Diagnostics were not kept for this scan."] : record.report.coverage.limitations,
    links: { self: links.diagnostics(record.scanId), scan: links.scan(record.scanId) },
    disclaimer: DISCLAIMER,
  };
}
