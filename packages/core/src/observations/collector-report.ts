import { z } from "zod";
import { EVIDENCE_PHASES } from "../contract/states.js";

/** How one collector fared. A failed collector lowers coverage; it never fails the scan. */
export const CollectorReportSchema = z.object({
  id: z.string().regex(/^[a-z][a-z0-9_-]{0,63}$/),
  phase: z.enum([...EVIDENCE_PHASES, "transport", "privacy_policy"]),
  status: z.enum(["ok", "failed", "timed_out", "skipped"]),
  durationMs: z.int().min(0).nullable(),
  itemCount: z.int().min(0),
  /** A reason code such as `collector_timeout` or `target_closed`; never a raw error message. */
  reason: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,63}$/)
    .nullable(),
});
export type CollectorReport = z.infer<typeof CollectorReportSchema>;
