import { EVIDENCE_BASIS, UNATTRIBUTED_VENDOR, type PreConsentRow } from "../contract/index.js";
import { rowPriority } from "./row-priority.js";
import type { EvidenceRecord } from "./evidence-record.js";

const KIND = { cookie: "cookie", storage_key: "storage", tracker_request: "tracker", service_request: "service" } as const;

/**
 * The complete pre-consent table: every cookie, storage key, tracker host and third-party service host
 * observed before consent, one row each, ordered by priority, then kind, vendor, host and name so the order
 * is stable between scans. A service row names its category (`fonts`, `static_cdn`, ...) where a cookie row
 * names the cookie (docs/api.md); host rows, trackers and services alike, count their requests.
 */
export function toPreConsentRows(evidence: readonly EvidenceRecord[]): PreConsentRow[] {
  return evidence
    .filter(
      (record): record is EvidenceRecord & { kind: keyof typeof KIND; purpose: NonNullable<EvidenceRecord["purpose"]> } =>
        record.phase === "pre_consent" && record.kind in KIND && record.purpose !== null,
    )
    .map((record): PreConsentRow => ({
      kind: KIND[record.kind],
      name: record.kind === "tracker_request" ? null : record.kind === "service_request" ? record.category : record.name,
      vendor: record.vendor ?? UNATTRIBUTED_VENDOR,
      host: record.host ?? "",
      purpose: record.purpose,
      party: record.party,
      priority: rowPriority(record),
      requestCount: record.kind === "tracker_request" || record.kind === "service_request" ? record.requestCount : null,
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
