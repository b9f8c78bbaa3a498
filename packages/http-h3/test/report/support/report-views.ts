import { type ReportView, type ScanJob } from "@public-scan/core";
import { createLinkBuilder, toReportView } from "@public-scan/core/testing";
import { completedRecord } from "../../../../core/test/fixtures/completed-record.js";
import { scanJob } from "../../../../core/test/fixtures/contract-examples.js";

export const BASE_URL = "https://scan.example.org";

/** A report view of a completed record built from observations recorded on the fixture web. */
export function reportViewOf(fixture: "daily-courier" | "green-grocer" | "bot-challenge" | "metrics-hub" | "quiet-bakery"): ReportView {
  return toReportView(completedRecord(fixture), createLinkBuilder(BASE_URL));
}

/** The contract example of a running job, with overrides. */
export function scanJobWith(overrides: Partial<ScanJob> = {}): ScanJob {
  return { ...(scanJob as ScanJob), ...overrides };
}
