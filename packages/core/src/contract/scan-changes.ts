import { z } from "zod";
import { DISCLAIMER } from "./disclaimer.js";
import { CriticalitySchema } from "./finding.js";
import { PurposeSchema } from "./pre-consent-table.js";
import { DateTimeSchema, FindingIdSchema, LinkUrlSchema, NonNegativeIntSchema, ScanIdSchema } from "./primitives.js";
import { RiskLevelSchema } from "./scan.js";
import { EvidencePhaseSchema } from "./states.js";

/** The fingerprint of a table row: 16 hex characters, the same for the same row in every scan. */
export const EvidenceFingerprintSchema = z
  .string()
  .regex(/^[0-9a-f]{16}$/)
  .meta({ description: "Stable identity of a row across scans: its phase, kind, host and name, hashed. Never a value." });

export const ChangedRowSchema = z
  .object({
    fingerprint: EvidenceFingerprintSchema,
    kind: z.enum(["tracker", "cookie", "storage", "service"]),
    host: z.string().max(253),
    name: z.string().max(256).nullable().meta({ description: "Cookie name or storage key; a service's category; null for trackers." }),
    vendor: z.string().min(1),
    purpose: PurposeSchema,
  })
  .meta({ id: "ChangedRow" });
/** One table row of either scan, with its identity across scans. */
export type ChangedRow = z.infer<typeof ChangedRowSchema>;

export const ChangedFindingSchema = z
  .object({
    id: FindingIdSchema,
    label: z.string(),
    criticality: CriticalitySchema,
    phase: EvidencePhaseSchema.nullable(),
  })
  .meta({ id: "ChangedFinding" });
/** A finding of either scan: its stable code and what a reader needs to weigh it. */
export type ChangedFinding = z.infer<typeof ChangedFindingSchema>;

export const PhaseChangesSchema = z
  .object({
    phase: EvidencePhaseSchema,
    comparable: z
      .boolean()
      .meta({ description: "Both scans completed this phase; otherwise nothing in it is reported as started or stopped." }),
    reason: z.enum(["not_completed_before", "not_completed_now", "not_completed_in_either"]).nullable(),
    started: z.array(ChangedRowSchema).meta({ description: "Rows this scan saw in the phase that the earlier one did not." }),
    stopped: z.array(ChangedRowSchema).meta({ description: "Rows the earlier scan saw in the phase that this one did not." }),
    vendorsStarted: z.array(z.string()),
    vendorsStopped: z.array(z.string()),
    unchanged: NonNegativeIntSchema,
  })
  .meta({ id: "PhaseChanges" });
/**
 * What changed in one phase. A phase compares only when both scans completed it: rows of a phase one scan
 * did not complete are not "started" or "stopped", and the phase says why it does not compare.
 */
export type PhaseChanges = z.infer<typeof PhaseChangesSchema>;

const CoverageStatusSchema = z.enum(["complete", "partial", "none"]);

export const ComparableScanSchema = z
  .object({
    score: z.int(),
    riskLevel: RiskLevelSchema,
    coverage: CoverageStatusSchema,
    resultDisposition: z.enum(["standard", "limited_coverage", "no_go"]),
    findings: z.array(ChangedFindingSchema),
    phases: z.array(
      z.object({
        phase: EvidencePhaseSchema,
        completed: z.boolean().meta({ description: "The scan completed this phase; false: its rows are unknown, not empty." }),
        rows: z.array(ChangedRowSchema),
      }),
    ),
  })
  .meta({ id: "ComparableScan" });
/**
 * What a comparison reads of a scan, in a form that travels: score, risk, coverage, finding codes and each
 * phase's rows with their fingerprints. The JSON export carries it, so a file written in one CI run is the
 * baseline of the next (`pnpm scan --baseline`) without the service's store.
 */
export type ComparableScan = z.infer<typeof ComparableScanSchema>;

export const ChangesSchema = z
  .object({
    score: z.object({ before: z.int(), after: z.int(), delta: z.int() }),
    riskLevel: z.object({ before: RiskLevelSchema, after: RiskLevelSchema }),
    coverage: z.object({
      before: CoverageStatusSchema,
      after: CoverageStatusSchema,
      comparable: z.boolean().meta({ description: "Same coverage and the same phases completed: every absence is a change." }),
    }),
    findings: z.object({
      new: z.array(ChangedFindingSchema),
      resolved: z.array(ChangedFindingSchema).meta({ description: "Gone where this scan looked as far as the earlier one." }),
      notComparable: z.array(ChangedFindingSchema).meta({
        description: "Gone, but this scan did not look as far (a phase it did not complete, a lower coverage): not shown resolved.",
      }),
      unchanged: z.array(ChangedFindingSchema),
    }),
    phases: z.array(PhaseChangesSchema),
    headlines: z.array(z.string()).meta({ description: "The changes that matter, one sentence each, most important first." }),
  })
  .meta({ id: "Changes" });
/**
 * What changed between two completed scans of one target, the earlier (`before`) and the later (`after`).
 * A finding gone from the later scan is `resolved` only where the later scan looked as far as the earlier
 * one: its phase completed in both and, for a finding of no phase, the later coverage is not lower.
 * Otherwise it is `notComparable`: not seen, but not shown gone.
 */
export type ScanChanges = z.infer<typeof ChangesSchema>;

/**
 * GET /scans/{scanId}/changes (a route of this service's, docs/api.md): what changed since an earlier scan of
 * the same target (URL and region), by default the one that was its latest when this scan completed.
 */
export const ScanChangesSchema = z
  .object({
    type: z.literal("service_scan_changes"),
    scanId: ScanIdSchema,
    since: z
      .object({ scanId: ScanIdSchema, completedAt: DateTimeSchema.nullable() })
      .nullable()
      .meta({ description: "The earlier scan compared with; null when the target had none (then `changes` is null too)." }),
    changes: ChangesSchema.nullable(),
    links: z.object({ self: LinkUrlSchema, scan: LinkUrlSchema, since: LinkUrlSchema.nullable(), report: LinkUrlSchema }),
    disclaimer: z.string().meta({ example: DISCLAIMER }),
  })
  .meta({ id: "ScanChanges" });
export type ScanChangesResource = z.infer<typeof ScanChangesSchema>;
