import { z } from "zod";

/**
 * Status values of the contract's "States and transitions". `pending` is a reference term for any
 * non-terminal state; `not_found` and `throttled` are reference terms for error outcomes and so are carried
 * by the error envelope, never by a status field.
 */
export const ACTIVE_STATUSES = ["queued", "pending", "running", "finalizing"] as const;
export const COMPLETED_STATUSES = ["completed", "completed_limited"] as const;
/** Terminal for polling (contract). `rate_limited` is terminal only for MCP polling. */
export const TERMINAL_STATUSES = ["completed", "completed_limited", "failed", "expired", "rate_limited"] as const;

export type ActiveStatus = (typeof ACTIVE_STATUSES)[number];
export type CompletedStatus = (typeof COMPLETED_STATUSES)[number];
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

/** Status of a Scan resource: a Scan exists once the result is stored and scored. */
export const ScanStatusSchema = z.enum(COMPLETED_STATUSES);

/** Status of a ScanJob: active, or ended without a scored result. */
export const JobStatusSchema = z.enum([...ACTIVE_STATUSES, "failed", "expired"]);
export type JobStatus = z.infer<typeof JobStatusSchema>;

/** MCP tool results may also report `rate_limited`, terminal for MCP polling only. */
export const McpStatusSchema = z.enum([...ACTIVE_STATUSES, ...TERMINAL_STATUSES]);

export function isTerminalStatus(status: string): status is TerminalStatus {
  return (TERMINAL_STATUSES as readonly string[]).includes(status);
}

/**
 * Scan phases, in order (contract: observed `runtime_observation`; the full list is "not shown", see
 * docs/api.md). A job moves forward through these; it never moves back.
 */
export const SCAN_PHASES = [
  "queued",
  "launching_browser",
  "runtime_observation",
  "consent_interaction",
  "policy_review",
  "projection",
  "done",
] as const;
export const ScanPhaseSchema = z.enum(SCAN_PHASES);
export type ScanPhase = (typeof SCAN_PHASES)[number];

/** Evidence phases: when an observation was made relative to consent (docs/scanner.md "Consent phases"). */
export const EVIDENCE_PHASES = ["pre_consent", "after_reject", "reject_next_page", "after_accept", "accept_next_page", "gpc"] as const;
export const EvidencePhaseSchema = z.enum(EVIDENCE_PHASES);
export type EvidencePhase = (typeof EVIDENCE_PHASES)[number];
