import { z } from "zod";
import { DISCLAIMER } from "./disclaimer.js";
import { DateTimeSchema, HostSchema, LinkUrlSchema, ScanFromSchema, ScanIdSchema } from "./primitives.js";
import { RegimeSchema, ScoreLensSchema } from "./regime.js";
import { ScanProvenanceShape } from "./scan-provenance.js";
import { ScanStatusSchema } from "./states.js";

/**
 * Risk level: service metadata for prioritising review, never a legal severity. The contract observed
 * `review_recommended`; docs/api.md defines the ladder. `not_assessed` goes with a no-go disposition.
 */
export const RiskLevelSchema = z.enum(["not_assessed", "informational", "review_suggested", "review_recommended", "priority_review"]);
export type RiskLevel = z.infer<typeof RiskLevelSchema>;

/**
 * `final` once stored; `provisional` when the score rests on partial coverage; `not_assessed` with a no-go
 * disposition, whose `score` (an integer in the contract, so 0) is no measurement and must not be read as one.
 */
export const ScoreStatusSchema = z.enum(["final", "provisional", "not_assessed"]);

export const CoverageSchema = z
  .object({
    status: z.enum(["complete", "partial", "none"]),
    summary: z.string(),
    limitations: z.array(z.string()).meta({ description: "What could not be observed, in customer-safe words." }),
  })
  .meta({ id: "Coverage" });
export type Coverage = z.infer<typeof CoverageSchema>;

/**
 * How the result should be read. `no_go` goes with `completed_limited` when the page could not be observed
 * meaningfully (a bot challenge, an error page, not HTML); `limited_coverage` when it could, in part.
 */
export const ResultDispositionSchema = z.enum(["standard", "limited_coverage", "no_go"]);
export type ResultDisposition = z.infer<typeof ResultDispositionSchema>;

/** Stable no-go reason codes; their customer-safe copy is in core's disposition catalogue. */
export const NO_GO_REASON_CODES = [
  "bot_challenge",
  "http_error_status",
  "non_html_target",
  "empty_document",
  "navigation_timeout",
  "navigation_failed",
  "target_not_public",
  "page_disrupted",
] as const;
export const NoGoReasonCodeSchema = z.enum(NO_GO_REASON_CODES);
export type NoGoReasonCode = z.infer<typeof NoGoReasonCodeSchema>;

export const ResultDispositionReasonSchema = z
  .object({
    code: NoGoReasonCodeSchema,
    message: z.string().meta({ description: "Customer-safe explanation." }),
  })
  .meta({ id: "ResultDispositionReason" });

export const ScanLinksSchema = z
  .object({
    self: LinkUrlSchema,
    status: LinkUrlSchema,
    findings: LinkUrlSchema,
    pulse: LinkUrlSchema,
    report: LinkUrlSchema.meta({ description: "Human-readable report page." }),
    preConsentCookiesTrackers: LinkUrlSchema,
  })
  .meta({ id: "ScanLinks" });

/** The score the same findings give under one regime's reading. */
export const RegimeReadingSchema = z
  .object({
    regime: RegimeSchema,
    score: z.int().min(0).max(100),
    riskLevel: RiskLevelSchema,
    findingsCounted: z.int().nonnegative().meta({ description: "Findings that are review points under this reading." }),
  })
  .meta({ id: "RegimeReading" });

/** Which reading the score follows, and what each regime's reading of the same findings gives (extension). */
export const ScoreReadingSchema = z
  .object({
    lens: ScoreLensSchema.meta({ description: "The reading `score` and `riskLevel` follow." }),
    readings: z
      .array(RegimeReadingSchema)
      .meta({ description: "Each regime's reading (EU opt-in, US opt-out) of the same findings; empty when the scan was not assessed." }),
  })
  .meta({ id: "ScoreReading" });
export type ScoreReading = z.infer<typeof ScoreReadingSchema>;

/** The Scan's fields without the cross-field rules; projections pick from it. */
export const ScanObjectSchema = z.object({
  type: z.literal("service_scan"),
  scanId: ScanIdSchema,
  domain: HostSchema.meta({ description: "Host of the scanned URL." }),
  url: z.string().meta({ description: "Scanned URL, normalised, without query string or fragment." }),
  status: ScanStatusSchema,
  score: z
    .int()
    .min(0)
    .max(100)
    .meta({ description: "Overall score. With scoreStatus `not_assessed` (a no-go) it is 0 as a placeholder, not a measurement." }),
  scoreStatus: ScoreStatusSchema,
  scoreVersion: z.string().min(1),
  // Always sent by this service; optional so a client also reads servers from before readings (and the contract's examples).
  scoreReading: ScoreReadingSchema.optional(),
  scoreUpdatedAt: DateTimeSchema,
  riskLevel: RiskLevelSchema,
  coverage: CoverageSchema,
  scanFrom: ScanFromSchema,
  startedAt: DateTimeSchema.nullable(),
  completedAt: DateTimeSchema.nullable(),
  scanTimeSeconds: z.number().min(0).nullable().meta({ description: "null means unavailable, not zero." }),
  resultDisposition: ResultDispositionSchema,
  resultDispositionReason: ResultDispositionReasonSchema.nullable().meta({ description: "Present with `no_go`; null otherwise." }),
  ...ScanProvenanceShape,
  links: ScanLinksSchema,
  disclaimer: z.string().meta({ example: DISCLAIMER }),
});

/**
 * A disposition and its reason travel together: `no_go` always has a reason code and is only used with
 * `completed_limited` (contract); the other dispositions have none. A no-go is not assessed, and only a
 * no-go is: its score status and risk level say so, and its score is the placeholder 0.
 */
export function checkDisposition(
  value: {
    status: string;
    resultDisposition: ResultDisposition;
    resultDispositionReason: unknown;
    score: number;
    scoreStatus: string;
    riskLevel: string;
  },
  issues: { addIssue: (issue: { code: "custom"; message: string; path: string[] }) => void },
): void {
  const isNoGo = value.resultDisposition === "no_go";
  if (isNoGo !== (value.resultDispositionReason !== null)) {
    issues.addIssue({
      code: "custom",
      message: "resultDispositionReason is required with no_go and null otherwise",
      path: ["resultDispositionReason"],
    });
  }
  if (isNoGo && value.status !== "completed_limited") {
    issues.addIssue({ code: "custom", message: "no_go is used only with completed_limited", path: ["status"] });
  }
  for (const field of ["scoreStatus", "riskLevel"] as const) {
    if (isNoGo !== (value[field] === "not_assessed")) {
      issues.addIssue({ code: "custom", message: `${field} is not_assessed exactly with no_go`, path: [field] });
    }
  }
  if (isNoGo && value.score !== 0) issues.addIssue({ code: "custom", message: "a no_go score is the placeholder 0", path: ["score"] });
}

/** The durable scan resource (contract: Scan, type `service_scan`). It exists once a result is stored. */
export const ScanSchema = ScanObjectSchema.superRefine((value, ctx) => checkDisposition(value, ctx)).meta({ id: "Scan" });
export type Scan = z.infer<typeof ScanSchema>;
