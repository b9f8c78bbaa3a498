import {
  BUNDLE_DETAILS,
  BUNDLE_EXAMPLES_PER_DIGEST,
  BUNDLE_MAX_BYTES_RANGE,
  DISCLAIMER,
  RECOMMENDED_BUNDLE_MAX_BYTES,
  type BundleDetail,
  type ScanBundle,
} from "../contract/index.js";
import { BundleDetailSchema, BundleMaxBytesSchema } from "../contract/scan-bundle.js";
import type { CompletedRecord } from "../domain/scan-record.js";
import { ServiceError } from "../errors/service-error.js";
import type { LinkBuilder } from "./scan-links.js";
import { toScanOverview } from "./scan-overview.js";
import { toDiagnostics } from "./to-diagnostics.js";
import { toFindingSummary } from "./to-finding-list.js";

/** What each detail level includes before the byte budget is applied (contract MCP rule 4). */
const PLAN = {
  summary: { findings: 5, rows: 10, evidence: false, diagnostics: false },
  findings: { findings: Infinity, rows: 10, evidence: false, diagnostics: false },
  evidence: { findings: Infinity, rows: 20, evidence: true, diagnostics: false },
  full: { findings: Infinity, rows: Infinity, evidence: true, diagnostics: true },
} as const satisfies Record<BundleDetail, { findings: number; rows: number; evidence: boolean; diagnostics: boolean }>;

/**
 * What each detail level gives up first when its content does not fit, after the diagnostics: the order in
 * which the budget cuts. Each level keeps longest what answers its question: the summary its first findings,
 * `findings` every finding in full, `evidence` a digest of every finding (the findings shrink to references,
 * which is all a digest needs beside it), `full` every finding and its evidence before the rows.
 */
const CUTS = {
  summary: ["rows", "compact", "findings_to_one", "limitations", "reading", "findings"],
  findings: ["rows", "limitations", "reading", "compact", "findings_to_one", "findings"],
  evidence: ["rows", "compact", "examples", "digests", "limitations", "reading", "findings_to_one", "findings"],
  full: ["rows", "examples", "compact", "digests", "limitations", "reading", "findings_to_one", "findings"],
} as const satisfies Record<BundleDetail, readonly Cut[]>;
type Cut = "rows" | "compact" | "examples" | "digests" | "limitations" | "reading" | "findings_to_one" | "findings";

const encoder = new TextEncoder();
const bytesOf = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

export interface BundleRequest {
  detail?: BundleDetail;
  maxBytes?: number;
}

/**
 * How much of the planned content a bundle keeps: how many of the planned findings, rows, evidence digests
 * and coverage limitations (each a prefix), how many examples each digest keeps, whether findings are
 * compact references, and whether the diagnostics stay. The bundle is built from this, so what it declares
 * is derived from what it holds.
 */
interface Kept {
  findings: number;
  compact: boolean;
  rows: number;
  evidence: number;
  examples: number;
  diagnostics: boolean;
  limitations: number;
  /** Whether the overview keeps the score's readings (the Scan resource always has them). */
  reading: boolean;
}

/**
 * The detail and budget of a bundle request, or `invalid_request`: a budget outside the accepted range (or
 * not a whole number) is refused, never raised or lowered, so the caller's budget is always the ceiling.
 */
export function checkBundleRequest(request: { detail?: unknown; maxBytes?: unknown }): { detail: BundleDetail; maxBytes: number } {
  const detail = BundleDetailSchema.optional().safeParse(request.detail);
  if (!detail.success) throw new ServiceError("invalid_request", `detail: must be one of ${BUNDLE_DETAILS.join(", ")}.`);
  const resolved = detail.data ?? "summary";
  const maxBytes = BundleMaxBytesSchema.optional().safeParse(request.maxBytes);
  if (!maxBytes.success) {
    throw new ServiceError(
      "invalid_request",
      `maxBytes: must be a whole number of bytes from ${BUNDLE_MAX_BYTES_RANGE.min} to ${BUNDLE_MAX_BYTES_RANGE.max}.`,
    );
  }
  return { detail: resolved, maxBytes: maxBytes.data ?? RECOMMENDED_BUNDLE_MAX_BYTES[resolved] };
}

/**
 * The MCP bundle: a combined digest of a completed scan within `maxBytes` of compact UTF-8 JSON, a hard
 * ceiling. When the detail level's content does not fit, it gives up the diagnostics, then what `CUTS`
 * lists for the level, in order: pre-consent rows (from the end), full finding summaries (for compact
 * references), examples per evidence digest (down to one), digests (from the end), the overview's
 * coverage limitations (from the end), the overview's `scoreReading` (the Scan resource keeps it), findings
 * (from the end, down to the first, then the first). Evidence digests name their finding by id rather than
 * repeating its summary. Whatever the budget cut sets `truncated`, the count it belongs to,
 * `omittedSections` (when a section is emptied, or `overview` when its limitations or reading were cut) and
 * `nextRecommendedMaxBytes`. What is left (overview, counts, links, disclaimer) is not cut: a scan whose
 * remainder exceeds the budget (a very long URL) is refused with `invalid_request` naming the budget it
 * needs, never answered above the budget.
 */
export function toScanBundle(record: CompletedRecord, request: BundleRequest, links: LinkBuilder): ScanBundle {
  const { detail, maxBytes } = checkBundleRequest(request);
  const plan = PLAN[detail];
  const { findings, preConsentRows } = record.report;
  const overview = toScanOverview(record);

  const planned = {
    findings: findings.slice(0, plan.findings).map(toFindingSummary),
    rows: preConsentRows.slice(0, plan.rows),
    // A finding without examples has no digest: its summary says all there is.
    evidence: plan.evidence
      ? findings
          .filter((finding) => finding.examples.length > 0)
          .map((finding) => ({ findingId: finding.id, examples: finding.examples.slice(0, BUNDLE_EXAMPLES_PER_DIGEST) }))
      : [],
    diagnostics: plan.diagnostics ? diagnosticsSection(record, links) : undefined,
    limitations: overview.coverage.limitations,
  };
  const all: Kept = {
    findings: planned.findings.length,
    compact: false,
    rows: planned.rows.length,
    evidence: planned.evidence.length,
    examples: BUNDLE_EXAMPLES_PER_DIGEST,
    diagnostics: planned.diagnostics !== undefined,
    limitations: planned.limitations.length,
    reading: overview.scoreReading !== undefined,
  };
  const totalExamples = findings.reduce((sum, finding) => sum + finding.examples.length, 0);
  const plannedExamples = planned.evidence.reduce((sum, digest) => sum + digest.examples.length, 0);
  let recommended: number | null = null;

  const build = (kept: Kept, budget: number): ScanBundle => {
    const keptFindings = planned.findings.slice(0, kept.findings);
    const keptRows = planned.rows.slice(0, kept.rows);
    const keptEvidence = planned.evidence
      .slice(0, kept.evidence)
      .map((digest) => ({ ...digest, examples: digest.examples.slice(0, kept.examples) }));
    const counts = {
      findings: { total: findings.length, returned: kept.findings, truncated: kept.findings < all.findings },
      evidence: {
        total: totalExamples,
        returned: keptEvidence.reduce((sum, digest) => sum + digest.examples.length, 0),
        // Fewer examples than planned, by fewer digests or fewer examples in one.
        truncated: keptEvidence.reduce((sum, digest) => sum + digest.examples.length, 0) < plannedExamples,
      },
      preConsentRows: { total: preConsentRows.length, returned: kept.rows, truncated: kept.rows < all.rows },
    };
    const limitationsCut = kept.limitations < all.limitations;
    const readingCut = kept.reading !== all.reading;
    const { scoreReading: _reading, ...withoutReading } = overview;
    const shortened = readingCut ? withoutReading : overview;
    const truncated =
      counts.findings.truncated ||
      counts.evidence.truncated ||
      counts.preConsentRows.truncated ||
      (kept.compact && kept.findings > 0) ||
      kept.diagnostics !== all.diagnostics ||
      limitationsCut ||
      readingCut;
    // A section is omitted when its detail level leaves it out, or the budget removed all of its content;
    // an empty section (a scan with no rows) is not omitted, there is nothing to retrieve. The overview is
    // never removed; it is listed when the budget shortened it.
    const omitted: ScanBundle["omittedSections"] = [];
    if (limitationsCut || readingCut) omitted.push("overview");
    if (kept.findings === 0 && findings.length > 0) omitted.push("findings");
    if (kept.rows === 0 && preConsentRows.length > 0) omitted.push("pre_consent_rows");
    if (!plan.evidence || (kept.evidence === 0 && findings.length > 0)) omitted.push("evidence");
    if (!kept.diagnostics) omitted.push("diagnostics");
    const bundle: ScanBundle = {
      type: "service_scan_bundle",
      detail,
      maxBytes: budget,
      actualBytes: 0,
      truncated,
      omittedSections: omitted,
      // Part of the object while it is being fitted, so the budget covers it too.
      nextRecommendedMaxBytes: truncated ? recommended : null,
      counts,
      overview: limitationsCut
        ? { ...shortened, coverage: { ...overview.coverage, limitations: planned.limitations.slice(0, kept.limitations) } }
        : shortened,
      findings: kept.compact ? keptFindings.map(({ id, label, criticality }) => ({ id, label, criticality })) : keptFindings,
      ...(keptRows.length > 0 ? { preConsentRows: keptRows } : {}),
      ...(keptEvidence.length > 0 ? { evidence: keptEvidence } : {}),
      ...(kept.diagnostics && planned.diagnostics !== undefined ? { diagnostics: planned.diagnostics } : {}),
      retrievalUrls: {
        scan: links.scan(record.scanId),
        findings: links.findings(record.scanId),
        pulse: links.pulse(record.scanId),
        report: links.report(record.scanId),
        preConsentCookiesTrackers: links.preConsentCookiesTrackers(record.scanId),
      },
      disclaimer: DISCLAIMER,
    };
    return withSize(bundle);
  };

  const needed = build(all, maxBytes).actualBytes;
  recommended = Math.min(BUNDLE_MAX_BYTES_RANGE.max, Math.ceil((needed + 200) / 1000) * 1000);
  const fits = (kept: Kept) => build(kept, maxBytes).actualBytes <= maxBytes;
  /** Keeps the longest prefix of one list (at least `minimum` items) for which the bundle fits. */
  const trim = (kept: Kept, list: "findings" | "rows" | "evidence" | "examples" | "limitations", minimum = 0): Kept => {
    if (fits(kept)) return kept;
    const count = largestFittingCount(kept[list], (candidate) => fits({ ...kept, [list]: candidate }));
    return { ...kept, [list]: Math.min(kept[list], Math.max(minimum, count)) };
  };
  const CUTTERS: Record<Cut, (kept: Kept) => Kept> = {
    rows: (kept) => trim(kept, "rows"),
    compact: (kept) => (fits(kept) ? kept : { ...kept, compact: true }),
    examples: (kept) => trim(kept, "examples", 1),
    digests: (kept) => trim(kept, "evidence"),
    limitations: (kept) => trim(kept, "limitations"),
    reading: (kept) => (fits(kept) ? kept : { ...kept, reading: false }),
    findings_to_one: (kept) => trim(kept, "findings", 1),
    findings: (kept) => trim(kept, "findings"),
  };

  let kept = all;
  if (!fits(kept)) kept = { ...kept, diagnostics: false };
  for (const cut of CUTS[detail]) kept = CUTTERS[cut](kept);

  const bundle = build(kept, maxBytes);
  if (bundle.actualBytes > maxBytes) {
    const needs = smallestBudgetFor((budget) => build(kept, budget).actualBytes);
    throw new ServiceError(
      "invalid_request",
      `maxBytes: this scan's bundle needs at least ${needs} bytes (its overview, counts and links cannot be cut); ask for ${needs} or more.`,
    );
  }
  return bundle;
}

function diagnosticsSection(record: CompletedRecord, links: LinkBuilder) {
  const { links: _links, disclaimer: _disclaimer, ...diagnostics } = toDiagnostics(record, links);
  return diagnostics;
}

/** Sets `actualBytes` to the size of the object that carries it (two passes settle the digit count). */
function withSize(bundle: ScanBundle): ScanBundle {
  let sized = { ...bundle, actualBytes: bytesOf(bundle) };
  for (let pass = 0; pass < 3 && sized.actualBytes !== bytesOf(sized); pass += 1) sized = { ...sized, actualBytes: bytesOf(sized) };
  return sized;
}

/**
 * The smallest budget b with sizeAt(b) <= b, where the size depends on the budget only through its digits
 * (the bundle states its `maxBytes`): start at the size and follow it up, which settles in a step or two.
 */
function smallestBudgetFor(sizeAt: (budget: number) => number): number {
  let budget = sizeAt(0);
  for (let size = sizeAt(budget); size > budget; size = sizeAt(budget)) budget = size;
  return budget;
}

/**
 * The largest k in 0..n for which `fits(k)` holds, assuming fits is monotone (true up to some k, false
 * after). Binary search, so trimming a long list to a byte budget serialises it O(log n) times, not n.
 */
export function largestFittingCount(n: number, fits: (count: number) => boolean): number {
  let low = 0;
  let high = n;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}
