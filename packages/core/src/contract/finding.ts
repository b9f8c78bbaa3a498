import { z } from "zod";
import { RegimeSchema } from "./regime.js";
import { DISCLAIMER } from "./disclaimer.js";
import { EvidencePhaseSchema } from "./states.js";
import { FindingIdSchema, HostSchema, LinkUrlSchema, NonNegativeIntSchema, ScanIdSchema } from "./primitives.js";

/** Criticality, priority and confidence are service metadata, not legal severity (contract). */
export const CriticalitySchema = z.enum(["high", "medium", "low", "info"]);
export type Criticality = z.infer<typeof CriticalitySchema>;
/** 1 is reviewed first. */
export const PrioritySchema = z.int().min(1).max(5).meta({ description: "Review order, 1 first. Service metadata." });
export const ConfidenceSchema = z.enum(["high", "medium", "low"]);

/** Signal families of the service; a finding belongs to one. */
export const FindingCategorySchema = z.enum([
  "cookies",
  "storage",
  "trackers",
  "consent",
  "transport",
  "privacy_policy",
  "us_privacy",
  "coverage",
]);
export type FindingCategory = z.infer<typeof FindingCategorySchema>;

/** The only basis the service exposes: findings come from projected evidence, never raw scanner data. */
export const EVIDENCE_BASIS = "public_report_projection" as const;

/** Examples shown per finding detail; more are counted, not shown. */
export const MAX_FINDING_EXAMPLES = 20;

export const FindingEvidenceSummarySchema = z
  .object({
    basis: z.literal(EVIDENCE_BASIS),
    exampleCount: NonNegativeIntSchema.meta({ description: "How many examples the evidence holds." }),
    examplesShown: NonNegativeIntSchema.meta({ description: "How many of them a detail response shows (capped)." }),
  })
  .meta({ id: "FindingEvidenceSummary" });

export const FindingSummarySchema = z
  .object({
    id: FindingIdSchema,
    label: z.string(),
    criticality: CriticalitySchema,
    priority: PrioritySchema,
    confidence: ConfidenceSchema,
    category: FindingCategorySchema,
    phase: EvidencePhaseSchema.nullable().meta({ description: "Evidence phase the finding is about; null when it spans phases." }),
    evidence: FindingEvidenceSummarySchema,
    // Always sent by this service; optional so a client also reads servers from before readings (and the contract's examples).
    regimes: z.array(RegimeSchema).min(1).optional().meta({
      description:
        "The readings this finding is a review point under (extension): `eu_opt_in` (consent first: ePrivacy, GDPR, UK PECR), `us_opt_out` (opt-out of sale and sharing: CCPA/CPRA and other state laws), or both.",
    }),
  })
  .meta({ id: "FindingSummary" });
export type FindingSummary = z.infer<typeof FindingSummarySchema>;

/** GET /scans/{scanId}/findings (contract: type `service_finding_list`). */
export const FindingListSchema = z
  .object({
    type: z.literal("service_finding_list"),
    scanId: ScanIdSchema,
    findings: z.array(FindingSummarySchema),
    links: z.object({ self: LinkUrlSchema, scan: LinkUrlSchema, report: LinkUrlSchema }),
    disclaimer: z.string().meta({ example: DISCLAIMER }),
  })
  .meta({ id: "FindingList" });
export type FindingList = z.infer<typeof FindingListSchema>;

export const PartySchema = z.enum(["first_party", "third_party"]);
export type Party = z.infer<typeof PartySchema>;

/**
 * One example of a finding's evidence: names, hosts and flags only, never a value, a full URL or a query
 * string (contract item 7).
 */
export const EvidenceExampleSchema = z
  .object({
    kind: z.enum([
      "cookie",
      "storage_key",
      "tracker_request",
      "response_header",
      "page_element",
      "policy_section",
      "certificate",
      "consent_signal",
    ]),
    name: z.string().max(256).nullable().meta({ description: "Cookie name, storage key, header name or element label; never a value." }),
    host: HostSchema.nullable(),
    vendor: z.string().nullable(),
    purpose: z.string().nullable(),
    party: PartySchema.nullable(),
    phase: EvidencePhaseSchema.nullable(),
  })
  .meta({ id: "EvidenceExample" });
export type EvidenceExample = z.infer<typeof EvidenceExampleSchema>;

/** GET /scans/{scanId}/findings/{findingId}: one finding with a capped evidence summary (type `service_finding`). */
export const FindingDetailSchema = z
  .object({
    type: z.literal("service_finding"),
    scanId: ScanIdSchema,
    finding: FindingSummarySchema.extend({
      description: z.string().meta({ description: "What was observed, in neutral words." }),
      examples: z.array(EvidenceExampleSchema).max(MAX_FINDING_EXAMPLES),
      caveats: z.array(z.string()),
      nextSteps: z.array(z.string()),
    }),
    links: z.object({ self: LinkUrlSchema, scan: LinkUrlSchema, findings: LinkUrlSchema, report: LinkUrlSchema }),
    disclaimer: z.string().meta({ example: DISCLAIMER }),
  })
  .meta({ id: "FindingDetail" });
export type FindingDetail = z.infer<typeof FindingDetailSchema>;
