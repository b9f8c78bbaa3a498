import { z } from "zod";
import { DISCLAIMER } from "./disclaimer.js";
import { ScanDiagnosticsSchema } from "./diagnostics.js";
import { EvidenceExampleSchema, FindingSummarySchema } from "./finding.js";
import { PreConsentRowSchema } from "./pre-consent-table.js";
import { FindingIdSchema, LinkUrlSchema, NonNegativeIntSchema } from "./primitives.js";
import { ScanOverviewSchema } from "./scan-overview.js";

export const BUNDLE_DETAILS = ["summary", "findings", "evidence", "full"] as const;

/** Examples per finding in the bundle's evidence digests, before the byte budget takes any away. */
export const BUNDLE_EXAMPLES_PER_DIGEST = 3;
export const BundleDetailSchema = z.enum(BUNDLE_DETAILS);
export type BundleDetail = (typeof BUNDLE_DETAILS)[number];

/** Recommended maxBytes per detail (contract MCP rule 3); also the defaults. */
export const RECOMMENDED_BUNDLE_MAX_BYTES = { summary: 5000, findings: 8000, evidence: 8000, full: 12000 } as const satisfies Record<
  BundleDetail,
  number
>;
/**
 * Smallest and largest budgets accepted; a budget outside them is refused (`invalid_request`), never raised
 * or lowered. Below the minimum not even the overview of a short URL fits. A scan whose overview and links
 * alone exceed an accepted budget (a very long URL) is refused too, with the budget it needs.
 */
export const BUNDLE_MAX_BYTES_RANGE = { min: 2000, max: 200000 } as const;

/** A bundle's byte budget: the ceiling of its compact UTF-8 JSON. */
export const BundleMaxBytesSchema = z
  .int()
  .min(BUNDLE_MAX_BYTES_RANGE.min)
  .max(BUNDLE_MAX_BYTES_RANGE.max)
  .meta({ description: "Byte budget: the bundle serialised without whitespace is never larger (UTF-8 bytes)." });

/**
 * A finding's evidence in the bundle: its id (the bundle's findings carry the label and the rest, so a digest
 * does not repeat them) and its first examples. Pulse evidence, which stands alone, keeps the full summary.
 */
export const BundleEvidenceDigestSchema = z
  .object({
    findingId: FindingIdSchema,
    examples: z.array(EvidenceExampleSchema).min(1).max(BUNDLE_EXAMPLES_PER_DIGEST),
  })
  .meta({ id: "BundleEvidenceDigest" });

export const BUNDLE_SECTIONS = ["overview", "findings", "pre_consent_rows", "evidence", "diagnostics"] as const;
export const BundleSectionSchema = z.enum(BUNDLE_SECTIONS);

export const BundleCountSchema = z
  .object({
    total: NonNegativeIntSchema.meta({ description: "In the scan." }),
    returned: NonNegativeIntSchema.meta({ description: "In this bundle." }),
    truncated: z.boolean().meta({ description: "True when the byte budget cut items the detail level includes." }),
  })
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
    maxBytes: BundleMaxBytesSchema,
    actualBytes: NonNegativeIntSchema.meta({ description: "Size of this bundle serialised without whitespace; at most maxBytes." }),
    truncated: z.boolean().meta({
      description:
        "True when the byte budget cut anything this detail level includes (then a count says truncated, or " +
        "findings are compact references, or a section or the overview's limitations were cut). What the detail " +
        "level leaves out is not truncation: `returned` below `total` and `omittedSections` say so.",
    }),
    omittedSections: z.array(BundleSectionSchema).meta({
      description:
        "Sections left out by the detail level or emptied by the budget; `overview` when the budget shortened its coverage limitations.",
    }),
    nextRecommendedMaxBytes: NonNegativeIntSchema.nullable().meta({
      description: "Set when truncated: a budget that holds everything this detail level includes (at most 200000).",
    }),
    counts: z.object({ findings: BundleCountSchema, evidence: BundleCountSchema, preConsentRows: BundleCountSchema }),
    overview: ScanOverviewSchema,
    findings: z.array(z.union([FindingSummarySchema, FindingReferenceSchema])),
    preConsentRows: z.array(PreConsentRowSchema).optional(),
    evidence: z.array(BundleEvidenceDigestSchema).optional(),
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
  .superRefine((bundle, ctx) => checkBundleDeclarations(bundle, ctx))
  .meta({ id: "ScanBundle" });
export type ScanBundle = z.infer<typeof ScanBundleSchema>;

/**
 * What a bundle declares about its size and cuts agrees with what it holds: within its budget, counts
 * that match its lists, `truncated` whenever a count is, and a recommended budget exactly when truncated.
 */
function checkBundleDeclarations(
  bundle: {
    maxBytes: number;
    actualBytes: number;
    truncated: boolean;
    nextRecommendedMaxBytes: number | null;
    counts: Record<"findings" | "evidence" | "preConsentRows", z.infer<typeof BundleCountSchema>>;
    findings: readonly unknown[];
    preConsentRows?: readonly unknown[] | undefined;
  },
  issues: { addIssue: (issue: { code: "custom"; message: string; path: string[] }) => void },
): void {
  const issue = (message: string, path: string[]) => issues.addIssue({ code: "custom", message, path });
  if (bundle.actualBytes > bundle.maxBytes) issue("actualBytes is above maxBytes", ["actualBytes"]);
  if (bundle.counts.findings.returned !== bundle.findings.length) issue("counts.findings.returned differs from findings", ["counts"]);
  if (bundle.counts.preConsentRows.returned !== (bundle.preConsentRows?.length ?? 0)) {
    issue("counts.preConsentRows.returned differs from preConsentRows", ["counts"]);
  }
  for (const [name, count] of Object.entries(bundle.counts)) {
    if (count.returned > count.total) issue(`counts.${name}.returned is above its total`, ["counts", name]);
    if (count.truncated && !bundle.truncated) issue(`counts.${name} is truncated but the bundle is not`, ["truncated"]);
  }
  if ((bundle.nextRecommendedMaxBytes !== null) !== bundle.truncated) {
    issue("nextRecommendedMaxBytes is set exactly when truncated", ["nextRecommendedMaxBytes"]);
  }
}
