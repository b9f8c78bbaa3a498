import type { ScanRecord } from "../domain/scan-record.js";
import type { ScanReport } from "../projection/to-scan-report.js";

/** A record with its stored report: what every result renderer takes. */
export type CompletedRecord = ScanRecord & { report: ScanReport; status: "completed" | "completed_limited" };
