import { EVIDENCE_PHASES } from "../contract/index.js";
import type { PhaseRows } from "../projection/to-phase-rows.js";
import { toCsv } from "./csv-field.js";

const COLUMNS = ["phase", "kind", "name", "vendor", "host", "purpose", "party", "lifetimeSeconds", "requestCount", "newInPhase"] as const;

/**
 * The per-phase tables (after reject, after accept, under GPC) as one CSV with a phase column, in the order a
 * visit runs them: with the pre-consent CSV, every table of the report. A phase the scan did not complete has
 * no rows (the report says it did not run).
 */
export function toPhaseRowsCsv(phaseRows: PhaseRows | undefined): string {
  return toCsv(
    COLUMNS,
    EVIDENCE_PHASES.flatMap((phase) => (phase === "pre_consent" ? [] : (phaseRows?.[phase] ?? []).map((row) => ({ phase, ...row })))),
  );
}
