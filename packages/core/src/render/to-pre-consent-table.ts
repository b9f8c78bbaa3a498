import { DISCLAIMER, type PreConsentTable } from "../contract/index.js";
import type { CompletedRecord } from "../domain/scan-record.js";
import type { LinkBuilder } from "./scan-links.js";

/** The complete pre-consent table with its summary counts (no server-side filters). */
export function toPreConsentTable(record: CompletedRecord, links: LinkBuilder): PreConsentTable {
  const rows = record.report.preConsentRows;
  const count = (kind: string) => rows.filter((row) => row.kind === kind).length;
  return {
    type: "service_pre_consent_cookies_trackers",
    scanId: record.scanId,
    domain: record.domain,
    summary: {
      rowCount: rows.length,
      trackerCount: count("tracker"),
      cookieCount: count("cookie"),
      storageCount: count("storage"),
      // Tracker requests only: a service row's requests are shown on its row, not counted as tracking.
      requestCount: rows.reduce((sum, row) => sum + (row.kind === "tracker" ? (row.requestCount ?? 0) : 0), 0),
    },
    rows: rows.map((row) => ({ ...row })),
    links: { self: links.preConsentCookiesTrackers(record.scanId), scan: links.scan(record.scanId), report: links.report(record.scanId) },
    disclaimer: DISCLAIMER,
  };
}
