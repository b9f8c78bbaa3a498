import { z } from "zod";
import { DISCLAIMER } from "./disclaimer.js";
import { EvidenceExampleSchema, FindingSummarySchema } from "./finding.js";
import { NonNegativeIntSchema, ScanIdSchema } from "./primitives.js";
import { ScanLinksSchema } from "./scan.js";

/** Examples per finding in the evidence packet; the finding detail route shows more. */
export const PULSE_EVIDENCE_EXAMPLES_PER_FINDING = 5;
/** Findings in the evidence packet. */
export const PULSE_EVIDENCE_MAX_FINDINGS = 25;

export const FindingEvidenceDigestSchema = z
  .object({
    finding: FindingSummarySchema,
    examples: z.array(EvidenceExampleSchema).max(PULSE_EVIDENCE_EXAMPLES_PER_FINDING),
  })
  .meta({ id: "FindingEvidenceDigest" });

/** The bounded public-safe evidence packet (type `service_pulse_evidence`). */
export const PulseEvidenceSchema = z
  .object({
    type: z.literal("service_pulse_evidence"),
    scanId: ScanIdSchema,
    items: z.array(FindingEvidenceDigestSchema).max(PULSE_EVIDENCE_MAX_FINDINGS),
    totals: z.object({
      findings: NonNegativeIntSchema,
      findingsReturned: NonNegativeIntSchema,
      examples: NonNegativeIntSchema,
      examplesReturned: NonNegativeIntSchema,
      truncated: z.boolean(),
    }),
    caveats: z.array(z.string()),
    links: ScanLinksSchema,
    disclaimer: z.string().meta({ example: DISCLAIMER }),
  })
  .meta({ id: "PulseEvidence" });
export type PulseEvidence = z.infer<typeof PulseEvidenceSchema>;
