import type { ReportView, ScanJob, ScanObservations } from "@public-scan/core";
import { completedRecordFrom, contractExamples, createLinkBuilder, toReportView } from "@public-scan/core/testing";
import { readRecordedObservations, type RecordedScan } from "@public-scan/recorded-scans";

export const BASE_URL = "https://scan.example.org";

/** A report view of a completed record built from observations recorded on the fixture web. */
export function reportViewOf(fixture: RecordedScan): ReportView {
  return toReportView(completedRecordFrom(readRecordedObservations(fixture) as ScanObservations), createLinkBuilder(BASE_URL));
}

/** The contract example of a running job, with overrides. */
export function scanJobWith(overrides: Partial<ScanJob> = {}): ScanJob {
  return { ...(contractExamples.scanJob as ScanJob), ...overrides };
}
