import { EVIDENCE_PHASES, type EvidencePhase, type Party, type Purpose } from "../contract/index.js";
import type { PhaseRun } from "../observations/phase-observation.js";
import type { EvidenceRecord } from "./evidence-record.js";
import { rowPriority } from "./row-priority.js";
import { TABLE_KIND, isTableRecord, rowNameOf, tableRowFields, type TableRecord } from "./to-pre-consent-rows.js";

/** One cookie, storage key, tracker or service host seen in one phase: names, hosts and counts, never values. */
export interface PhaseRow {
  kind: (typeof TABLE_KIND)[keyof typeof TABLE_KIND];
  name: string | null;
  vendor: string;
  /** Who set it: the cookie's domain, the storage's origin host, the tracker's or service's host. */
  host: string;
  purpose: Purpose;
  party: Party;
  /** A cookie's lifetime left when observed, in seconds; null for a session cookie and the other kinds. */
  lifetimeSeconds: number | null;
  requestCount: number | null;
  /** Not seen before consent: what this phase added. */
  newInPhase: boolean;
}

/**
 * The rows of each phase after the first that the scan completed; a phase it did not complete has none (not
 * run is not empty). Before consent is the pre-consent table's (`preConsentRows`), not stored twice: every
 * read of a scan parses the stored report.
 */
export type PhaseRows = Partial<Record<Exclude<EvidencePhase, "pre_consent">, PhaseRow[]>>;

const identity = (record: TableRecord) => `${record.kind}\u0000${record.host ?? ""}\u0000${rowNameOf(record) ?? ""}`;

/**
 * The per-phase tables of the report: for each completed phase after consent was asked (after reject, after
 * accept, under GPC), every cookie, storage key, tracker and service host it observed, with the cookie's
 * lifetime and whether the phase added it (not seen before consent). New rows first, then by priority, kind,
 * vendor, host and name, so the order is stable.
 */
export function toPhaseRows(evidence: readonly EvidenceRecord[], runs: readonly PhaseRun[] | undefined): PhaseRows {
  const completed = new Set<EvidencePhase>(
    runs === undefined ? ["pre_consent"] : runs.filter((run) => run.status === "completed").map((run) => run.phase),
  );
  const records = evidence.filter(isTableRecord);
  const beforeConsent = new Set(records.filter((record) => record.phase === "pre_consent").map(identity));
  const rows: PhaseRows = {};
  for (const phase of EVIDENCE_PHASES) {
    if (phase === "pre_consent" || !completed.has(phase)) continue;
    rows[phase] = records
      .filter((record) => record.phase === phase)
      .map((record) => ({ record, newInPhase: !beforeConsent.has(identity(record)) }))
      .sort(
        (a, b) =>
          Number(b.newInPhase) - Number(a.newInPhase) ||
          rowPriority(a.record) - rowPriority(b.record) ||
          TABLE_KIND[a.record.kind].localeCompare(TABLE_KIND[b.record.kind]) ||
          (a.record.vendor ?? "").localeCompare(b.record.vendor ?? "") ||
          (a.record.host ?? "").localeCompare(b.record.host ?? "") ||
          (rowNameOf(a.record) ?? "").localeCompare(rowNameOf(b.record) ?? ""),
      )
      .map(({ record, newInPhase }) => ({
        ...tableRowFields(record),
        lifetimeSeconds: record.kind === "cookie" ? record.lifetimeSeconds : null,
        newInPhase,
      }));
  }
  return rows;
}
