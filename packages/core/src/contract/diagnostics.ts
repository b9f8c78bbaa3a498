import { z } from "zod";
import { DISCLAIMER } from "./disclaimer.js";
import { LinkUrlSchema, NonNegativeIntSchema, ScanIdSchema } from "./primitives.js";
import { EVIDENCE_PHASES, ScanStatusSchema } from "./states.js";

/** Collectors listed at most; a scanner has far fewer, the cap keeps the body bounded whatever plugs in. */
export const MAX_DIAGNOSTIC_COLLECTORS = 50;

export const CollectorDiagnosticSchema = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9_-]{0,63}$/),
    phase: z.enum([...EVIDENCE_PHASES, "transport", "privacy_policy"]),
    status: z.enum(["ok", "failed", "timed_out", "skipped"]),
    durationMs: NonNegativeIntSchema.nullable(),
    itemCount: NonNegativeIntSchema.meta({ description: "Observations the collector kept." }),
    reason: z.string().max(200).nullable().meta({ description: "Customer-safe reason code when not ok." }),
  })
  .meta({ id: "CollectorDiagnostic" });

/** GET /scans/{scanId}/diagnostics: bounded timing and collection diagnostics (type `service_scan_diagnostics`). */
export const ScanDiagnosticsSchema = z
  .object({
    type: z.literal("service_scan_diagnostics"),
    scanId: ScanIdSchema,
    status: ScanStatusSchema,
    timings: z.object({
      totalSeconds: z.number().min(0).nullable(),
      phases: z.array(z.object({ phase: z.string(), durationSeconds: z.number().min(0) })).max(16),
    }),
    collectors: z.array(CollectorDiagnosticSchema).max(MAX_DIAGNOSTIC_COLLECTORS),
    counts: z.object({
      frames: NonNegativeIntSchema,
      requests: NonNegativeIntSchema,
      cookies: NonNegativeIntSchema,
      storageKeys: NonNegativeIntSchema,
    }),
    limitations: z.array(z.string()),
    links: z.object({ self: LinkUrlSchema, scan: LinkUrlSchema }),
    disclaimer: z.string().meta({ example: DISCLAIMER }),
  })
  .meta({ id: "ScanDiagnostics" });
export type ScanDiagnostics = z.infer<typeof ScanDiagnosticsSchema>;
