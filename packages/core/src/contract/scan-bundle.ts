import { z } from "zod";
import { DISCLAIMER } from "./disclaimer.js";
import { ScanDiagnosticsSchema } from "./diagnostics.js";
import { FindingSummarySchema } from "./finding.js";
import { PreConsentRowSchema } from "./pre-consent-table.js";
import { FindingEvidenceDigestSchema } from "./pulse-evidence.js";
import { FindingIdSchema, LinkUrlSchema, NonNegativeIntSchema } from "./primitives.js";
import { ScanOverviewSchema } from "./scan-overview.js";

export const BUNDLE_DETAILS = ["summary", "findings", "evidence", "full"] as const;
export const BundleDetailSchema = z.enum(BUNDLE_DETAILS);
export type BundleDetail = (typeof BUNDLE_DETAILS)[number];

/** Recommended maxBytes per detail (contract MCP rule 3); also the defaults. */
export const RECOMMENDED_BUNDLE_MAX_BYTES = { summary: 5000, findings: 8000, evidence: 8000, full: 12000 } as const satisfies Record<
  BundleDetail,
  number
>;
/** Smallest and largest budgets accepted; below the minimum not even the overview fits. */
export const BUNDLE_MAX_BYTES_RANGE = { min: 2000, max: 200000 } as const;

export const BUNDLE_SECTIONS = ["overview", "findings", "pre_consent_rows", "evidence", "diagnostics"] as const;
export const BundleSectionSchema = z.enum(BUNDLE_SECTIONS);

export const BundleCountSchema = z
  .object({ total: NonNegativeIntSchema, returned: NonNegativeIntSchema, truncated: z.boolean() })
  .meta({ id: "BundleCount" });

/** Compact finding reference: what survives the tightest budget. */
export const FindingReferenceSchema = z
  .object({ id: FindingIdSchema, label: z.string(), criticality: FindingSummarySchema.shape.criticality })
  .meta({ id: "FindingReference" });

/**
 * The MCP bundle (service_get_scan_bundle): a combined digest after completed or completed_limited, fitted to
 * `maxBytes` of UTF-8 JSON. `actualBytes` is the size of this very object serialised without whitespace.
 */
export const ScanBundleSchema = z
  .object({
    type: z.literal("service_scan_bundle"),
    detail: BundleDetailSchema,
    maxBytes: NonNegativeIntSchema,
    actualBytes: NonNegativeIntSchema,
    truncated: z.boolean(),
    omittedSections: z.array(BundleSectionSchema),
    nextRecommendedMaxBytes: NonNegativeIntSchema.nullable().meta({ description: "Set when truncated." }),
    counts: z.object({ findings: BundleCountSchema, evidence: BundleCountSchema, preConsentRows: BundleCountSchema }),
    overview: ScanOverviewSchema,
    findings: z.array(z.union([FindingSummarySchema, FindingReferenceSchema])),
    preConsentRows: z.array(PreConsentRowSchema).optional(),
    evidence: z.array(FindingEvidenceDigestSchema).optional(),
    diagnostics: ScanDiagnosticsSchema.omit({ links: true, disclaimer: true }).optional(),
    retrievalUrls: z.object({
      scan: LinkUrlSchema,
      findings: LinkUrlSchema,
      pulse: LinkUrlSchema,
      report: LinkUrlSchema,
      preConsentCookiesTrackers: LinkUrlSchema,
    }),
    disclaimer: z.string().meta({ example: DISCLAIMER }),
  })
  .meta({ id: "ScanBundle" });
export type ScanBundle = z.infer<typeof ScanBundleSchema>;
