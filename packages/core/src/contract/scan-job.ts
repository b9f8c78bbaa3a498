import { z } from "zod";
import { DISCLAIMER } from "./disclaimer.js";
import { ErrorBodySchema } from "./error-envelope.js";
import { DateTimeSchema, HostSchema, LinkUrlSchema, NonNegativeIntSchema, ScanIdSchema } from "./primitives.js";
import { ScanProvenanceShape } from "./scan-provenance.js";
import { JobStatusSchema, ScanPhaseSchema } from "./states.js";

/**
 * Recommended next actions of a job, machine-readable so a client or an assistant can branch on them.
 * docs/api.md says when each is given.
 */
export const JobNextActionSchema = z.enum(["poll_status_after_retry_delay", "fetch_scan_result", "start_new_scan", "contact_support"]);

/** A queued, running or unsuccessfully ended scan job (contract: ScanJob, type `service_scan_job`). */
export const ScanJobSchema = z
  .object({
    type: z.literal("service_scan_job"),
    jobId: z.string().min(1).max(128),
    scanId: ScanIdSchema,
    domain: HostSchema,
    url: z.string(),
    status: JobStatusSchema,
    phase: ScanPhaseSchema,
    startedAt: DateTimeSchema.nullable(),
    completedAt: DateTimeSchema.nullable(),
    scanTimeSeconds: z.number().min(0).nullable(),
    phaseStartedAt: DateTimeSchema,
    lastHeartbeatAt: DateTimeSchema,
    progressPercent: z.int().min(0).max(100),
    progressIsEstimate: z.boolean(),
    estimatedRemainingSeconds: z.number().min(0).nullable(),
    stalled: z.boolean().meta({ description: "True when the last heartbeat is older than the stall threshold." }),
    retryAfterSeconds: NonNegativeIntSchema.meta({ description: "Wait this long before the next status poll." }),
    reportUrl: LinkUrlSchema,
    recommendedNextAction: JobNextActionSchema,
    /** Present only when status is `failed` or `expired`: the error envelope's error object. */
    error: ErrorBodySchema.optional(),
    ...ScanProvenanceShape,
    links: z.object({ self: LinkUrlSchema, status: LinkUrlSchema }).meta({ id: "ScanJobLinks" }),
    disclaimer: z.string().meta({ example: DISCLAIMER }),
  })
  .superRefine((value, ctx) => {
    const ended = value.status === "failed" || value.status === "expired";
    if (ended !== (value.error !== undefined)) {
      ctx.addIssue({ code: "custom", message: "error is present exactly when the job failed or expired", path: ["error"] });
    }
  })
  .meta({ id: "ScanJob" });
export type ScanJob = z.infer<typeof ScanJobSchema>;
