import { EVIDENCE_BASIS, UNATTRIBUTED_VENDOR, type PreConsentRow } from "../contract/index.js";
import { rowPriority } from "./row-priority.js";
import type { EvidenceRecord } from "./evidence-record.js";

/** The table kind of each evidence kind a table row is made of. */
export const TABLE_KIND = { cookie: "cookie", storage_key: "storage", tracker_request: "tracker", service_request: "service" } as const;

/** An evidence record that is a table row: a cookie, storage key, tracker or service host with a purpose. */
export type TableRecord = EvidenceRecord & { kind: keyof typeof TABLE_KIND; purpose: NonNullable<EvidenceRecord["purpose"]> };

export const isTableRecord = (record: EvidenceRecord): record is TableRecord => record.kind in TABLE_KIND && record.purpose !== null;

/** A row's name: the cookie's or storage key's, a service's category, none for a tracker host. */
export const rowNameOf = (record: TableRecord): string | null =>
  record.kind === "tracker_request" ? null : record.kind === "service_request" ? record.category : record.name;

/** What every table row says of its record, in the pre-consent table and the per-phase tables alike. */
export const tableRowFields = (record: TableRecord) => ({
  kind: TABLE_KIND[record.kind],
  name: rowNameOf(record),
  vendor: record.vendor ?? UNATTRIBUTED_VENDOR,
  host: record.host ?? "",
  purpose: record.purpose,
  party: record.party,
  // Host rows, trackers and services alike, count their requests.
  requestCount: record.kind === "tracker_request" || record.kind === "service_request" ? record.requestCount : null,
});

/**
 * The complete pre-consent table: every cookie, storage key, tracker host and third-party service host
 * observed before consent, one row each, ordered by priority, then kind, vendor, host and name so the order
 * is stable between scans. A service row names its category (`fonts`, `static_cdn`, ...) where a cookie row
 * names the cookie (docs/api.md); host rows, trackers and services alike, count their requests.
 */
export function toPreConsentRows(evidence: readonly EvidenceRecord[]): PreConsentRow[] {
  return evidence
    .filter((record): record is TableRecord => record.phase === "pre_consent" && isTableRecord(record))
    .map((record): PreConsentRow => ({
      ...tableRowFields(record),
      priority: rowPriority(record),
      phase: "pre_consent",
      evidenceBasis: EVIDENCE_BASIS,
    }))
    .sort(
      (a, b) =>
        a.priority - b.priority ||
        a.kind.localeCompare(b.kind) ||
        a.vendor.localeCompare(b.vendor) ||
        a.host.localeCompare(b.host) ||
        (a.name ?? "").localeCompare(b.name ?? ""),
    );
}
