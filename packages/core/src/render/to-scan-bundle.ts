import { BUNDLE_MAX_BYTES_RANGE, DISCLAIMER, RECOMMENDED_BUNDLE_MAX_BYTES, type BundleDetail, type ScanBundle } from "../contract/index.js";
import type { CompletedRecord } from "../domain/scan-record.js";
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

/** Examples per finding in the bundle's evidence digests. */
const EXAMPLES_PER_DIGEST = 3;

const encoder = new TextEncoder();
const bytesOf = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

/** The sections a bundle is built from, and whether the budget cut any of them. */
interface BundleParts {
  findings: ScanBundle["findings"];
  rows: NonNullable<ScanBundle["preConsentRows"]>;
  evidence: NonNullable<ScanBundle["evidence"]>;
  diagnostics: ScanBundle["diagnostics"];
  cut: boolean;
}

export interface BundleRequest {
  detail?: BundleDetail;
  maxBytes?: number;
}

/**
 * The MCP bundle: a combined digest of a completed scan fitted to `maxBytes` of compact UTF-8 JSON. When it
 * does not fit, it gives up, in order: diagnostics, evidence digests, pre-consent rows, full finding
 * summaries (for compact references), then findings from the end, but it keeps at least one compact
 * finding reference when there are findings. It declares every cut: counts, `truncated`,
 * `omittedSections`, and `nextRecommendedMaxBytes`. `actualBytes` is the size of the returned object.
 */
export function toScanBundle(record: CompletedRecord, request: BundleRequest, links: LinkBuilder): ScanBundle {
  const detail = request.detail ?? "summary";
  const maxBytes = Math.min(
    BUNDLE_MAX_BYTES_RANGE.max,
    Math.max(BUNDLE_MAX_BYTES_RANGE.min, Math.floor(request.maxBytes ?? RECOMMENDED_BUNDLE_MAX_BYTES[detail])),
  );
  const plan = PLAN[detail];
  const { findings, preConsentRows } = record.report;

  const planned = {
    findings: findings.slice(0, plan.findings).map(toFindingSummary),
    rows: preConsentRows.slice(0, plan.rows),
    evidence: plan.evidence
      ? findings.map((finding) => ({ finding: toFindingSummary(finding), examples: finding.examples.slice(0, EXAMPLES_PER_DIGEST) }))
      : [],
    diagnostics: plan.diagnostics ? diagnosticsSection(record, links) : undefined,
  };
  const totalExamples = findings.reduce((sum, finding) => sum + finding.examples.length, 0);

  const build = (parts: BundleParts): ScanBundle => {
    // A section is omitted when its detail level leaves it out, or the budget removed all of its content;
    // an empty section (a scan with no rows) is not omitted, there is nothing to retrieve.
    const omitted: ScanBundle["omittedSections"] = [];
    if (parts.rows.length === 0 && preConsentRows.length > 0) omitted.push("pre_consent_rows");
    if (!plan.evidence || (parts.evidence.length === 0 && findings.length > 0)) omitted.push("evidence");
    if (parts.diagnostics === undefined) omitted.push("diagnostics");
    const examplesReturned = parts.evidence.reduce((sum, digest) => sum + digest.examples.length, 0);
    const bundle: ScanBundle = {
      type: "service_scan_bundle",
      detail,
      maxBytes,
      actualBytes: 0,
      truncated: parts.cut,
      omittedSections: omitted,
      // Part of the object while it is being fitted, so the budget covers it too.
      nextRecommendedMaxBytes: parts.cut ? recommended : null,
      counts: {
        findings: { total: findings.length, returned: parts.findings.length, truncated: parts.findings.length < findings.length },
        evidence: { total: totalExamples, returned: examplesReturned, truncated: examplesReturned < totalExamples },
        preConsentRows: { total: preConsentRows.length, returned: parts.rows.length, truncated: parts.rows.length < preConsentRows.length },
      },
      overview: toScanOverview(record),
      findings: parts.findings,
      ...(parts.rows.length > 0 ? { preConsentRows: parts.rows } : {}),
      ...(parts.evidence.length > 0 ? { evidence: parts.evidence } : {}),
      ...(parts.diagnostics === undefined ? {} : { diagnostics: parts.diagnostics }),
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

  let parts: BundleParts = { ...planned, cut: false };
  let recommended: number | null = null;
  const needed = build(parts).actualBytes;
  recommended = Math.min(BUNDLE_MAX_BYTES_RANGE.max, Math.ceil((needed + 200) / 1000) * 1000);
  const fits = (candidate: BundleParts) => build(candidate).actualBytes <= maxBytes;

  if (!fits(parts)) parts = { ...parts, diagnostics: undefined, cut: planned.diagnostics !== undefined };
  if (!fits(parts)) {
    const keep = largestFittingCount(parts.evidence.length, (count) => fits({ ...parts, evidence: parts.evidence.slice(0, count) }));
    parts = { ...parts, evidence: parts.evidence.slice(0, keep), cut: true };
  }
  if (!fits(parts)) {
    const keep = largestFittingCount(parts.rows.length, (count) => fits({ ...parts, rows: parts.rows.slice(0, count) }));
    parts = { ...parts, rows: parts.rows.slice(0, keep), cut: true };
  }
  if (!fits(parts)) {
    parts = { ...parts, findings: parts.findings.map(({ id, label, criticality }) => ({ id, label, criticality })), cut: true };
  }
  if (!fits(parts)) {
    const minimum = parts.findings.length > 0 ? 1 : 0;
    const keep = Math.max(
      minimum,
      largestFittingCount(parts.findings.length, (count) => fits({ ...parts, findings: parts.findings.slice(0, count) })),
    );
    parts = { ...parts, findings: parts.findings.slice(0, keep), cut: true };
  }
  return build(parts);
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
