import { EVIDENCE_PHASES, UNATTRIBUTED_VENDOR, type EvidencePhase } from "../contract/index.js";
import type { PhaseRun } from "../observations/phase-observation.js";
import type { EvidenceRecord } from "./evidence-record.js";

/** What one vendor did in one phase: tracker hosts contacted (and their requests), cookies and storage keys set. */
export interface VendorPhaseCell {
  trackerHosts: number;
  requests: number;
  cookies: number;
  storageKeys: number;
}

export interface VendorPhaseRow {
  vendor: string;
  /** A cell per phase the scan completed; a phase it did not complete has none (never zeros: not run is not clean). */
  phases: Partial<Record<EvidencePhase, VendorPhaseCell>>;
}

/**
 * The vendor x phase matrix: for each vendor that set a cookie or storage key or was contacted as a tracker
 * in any phase, what it did before consent, after reject, after accept and under GPC. The picture of what
 * consent changes; projected once from the evidence (names and counts, never values) and stored with the report.
 */
export interface VendorPhaseMatrix {
  /** The phases the scan completed, in the order a visit runs them. */
  phases: EvidencePhase[];
  /** Most active before consent first, then by name. */
  rows: VendorPhaseRow[];
}

const EMPTY_CELL: VendorPhaseCell = { trackerHosts: 0, requests: 0, cookies: 0, storageKeys: 0 };

export function toVendorPhaseMatrix(evidence: readonly EvidenceRecord[], runs: readonly PhaseRun[] | undefined): VendorPhaseMatrix {
  // Reports of scans before phases existed: only the pre-consent visit ran.
  const completed = new Set<EvidencePhase>(
    runs === undefined ? ["pre_consent"] : runs.filter((run) => run.status === "completed").map((run) => run.phase),
  );
  const phases = EVIDENCE_PHASES.filter((phase) => completed.has(phase));
  const byVendor = new Map<string, Partial<Record<EvidencePhase, VendorPhaseCell>>>();
  for (const record of evidence) {
    if (record.phase === null || !completed.has(record.phase)) continue;
    if (record.kind !== "tracker_request" && record.kind !== "cookie" && record.kind !== "storage_key") continue;
    const vendor = record.vendor ?? UNATTRIBUTED_VENDOR;
    const cells = byVendor.get(vendor) ?? Object.fromEntries(phases.map((phase) => [phase, { ...EMPTY_CELL }]));
    byVendor.set(vendor, cells);
    const cell = cells[record.phase]!;
    if (record.kind === "tracker_request") {
      cell.trackerHosts += 1;
      cell.requests += record.requestCount ?? 0;
    } else if (record.kind === "cookie") cell.cookies += 1;
    else cell.storageKeys += 1;
  }
  const activity = (cell: VendorPhaseCell | undefined) => (cell === undefined ? 0 : cell.trackerHosts + cell.cookies + cell.storageKeys);
  const rows = [...byVendor].map(([vendor, cells]) => ({ vendor, phases: cells }));
  rows.sort((a, b) => activity(b.phases.pre_consent) - activity(a.phases.pre_consent) || a.vendor.localeCompare(b.vendor));
  return { phases, rows };
}
