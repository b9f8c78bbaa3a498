import { z } from "zod";
import { ScanSchema } from "./scan.js";
import { ScanJobSchema } from "./scan-job.js";

/**
 * GET /scans/{scanId}/status and the answer of createScan/getScan: a ScanJob while active (or when it ended
 * failed or expired), the Scan once completed or completed_limited. Discriminated by `type`.
 */
export const ScanOrJobSchema = z.discriminatedUnion("type", [ScanSchema, ScanJobSchema]).meta({ id: "ScanOrJob" });
export type ScanOrJob = z.infer<typeof ScanOrJobSchema>;
