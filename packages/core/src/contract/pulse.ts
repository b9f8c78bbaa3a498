import { z } from "zod";
import { DISCLAIMER } from "./disclaimer.js";
import { FindingSummarySchema } from "./finding.js";
import { NonNegativeIntSchema } from "./primitives.js";
import { ScanLinksSchema } from "./scan.js";
import { ScanOverviewSchema } from "./scan-overview.js";

/** Findings a Pulse leads with. */
export const PULSE_TOP_FINDINGS = 5;

export const EvidenceHighlightSchema = z
  .object({
    id: z.string().regex(/^[a-z][a-z0-9_]*$/),
    label: z.string(),
    count: NonNegativeIntSchema,
  })
  .meta({ id: "EvidenceHighlight" });

/** GET /scans/{scanId}/pulse: the compact report (type `service_pulse`). */
export const PulseSchema = z
  .object({
    type: z.literal("service_pulse"),
    scan: ScanOverviewSchema,
    headline: z.string().meta({ description: "One neutral sentence summarising what was observed." }),
    topFindings: z.array(FindingSummarySchema).max(PULSE_TOP_FINDINGS),
    findingCount: NonNegativeIntSchema,
    highlights: z.array(EvidenceHighlightSchema).max(12).meta({ description: "Counts of key pre-consent observations." }),
    caveats: z.array(z.string()),
    links: ScanLinksSchema,
    disclaimer: z.string().meta({ example: DISCLAIMER }),
  })
  .meta({ id: "Pulse" });
export type Pulse = z.infer<typeof PulseSchema>;
