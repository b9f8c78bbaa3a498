import { z } from "zod";
import { McpToolNameSchema } from "./mcp-tool-names.js";
import { DateTimeSchema, NonNegativeIntSchema, UNAVAILABLE } from "./primitives.js";

/**
 * How a create-scan request was satisfied. `joined_scan` (an in-flight job for the same target was joined)
 * is this service's addition to the contract's observed `new_scan` and `reused_scan`; `unavailable` is what
 * a plain read (GET) reports: it created, reused or joined nothing, and the service keeps no record of how
 * earlier requests were satisfied (contract: unavailable provenance is reported as unavailable).
 */
export const ExecutionModeSchema = z.enum(["new_scan", "reused_scan", "joined_scan", UNAVAILABLE]);
export type ExecutionMode = z.infer<typeof ExecutionModeSchema>;

/**
 * Why that happened. The contract observed `reused_existing_scan` and `no_eligible_recent_scan_queued`;
 * `joined_in_flight_scan` and `fresh_scan_requested_queued` (freshness `fresh`) complete the set.
 */
export const FreshnessDecisionSchema = z.enum([
  "reused_existing_scan",
  "no_eligible_recent_scan_queued",
  "joined_in_flight_scan",
  "fresh_scan_requested_queued",
  UNAVAILABLE,
]);
export type FreshnessDecision = z.infer<typeof FreshnessDecisionSchema>;

/**
 * Fields that Scan and ScanJob share: reuse, freshness and quota accounting of the request that returned
 * the resource. On a plain read (GET) they describe the read: `executionMode` and `freshnessDecision` are
 * `unavailable`, `quotaConsumed` is false and the quota fields show the caller's current anonymous allowance
 * (a keyed caller, whom it does not count, sees it in full).
 */
export const ScanProvenanceShape = {
  executionMode: ExecutionModeSchema,
  reused: z.boolean(),
  reusedScanAgeSeconds: NonNegativeIntSchema.nullable().meta({ description: "Age of the reused scan; null unless reused." }),
  freshnessDecision: FreshnessDecisionSchema,
  quotaConsumed: z.boolean(),
  anonymousQuotaLimit: NonNegativeIntSchema,
  anonymousQuotaRemaining: NonNegativeIntSchema,
  anonymousQuotaResetAt: DateTimeSchema.meta({ description: "Next UTC day boundary." }),
  upgradeSupportEmail: z.email(),
  upgradeMessage: z.string(),
  recommendedNextTool: McpToolNameSchema,
} as const;
