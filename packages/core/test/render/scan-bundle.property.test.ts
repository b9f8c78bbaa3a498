import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUNDLE_DETAILS, BUNDLE_MAX_BYTES_RANGE, ScanBundleSchema, type BundleDetail, type ScanBundle } from "../../src/contract/index.js";
import type { CompletedRecord } from "../../src/domain/scan-record.js";
import { isServiceError } from "../../src/errors/service-error.js";
import { createLinkBuilder, type LinkBuilder } from "../../src/render/scan-links.js";
import { toScanBundle } from "../../src/render/to-scan-bundle.js";
import { completedRecordArbitrary } from "../fixtures/arbitrary-completed-record.js";
import { completedRecord, completedRecordFrom, recordedObservations } from "../fixtures/completed-record.js";

const links = createLinkBuilder("https://scan.example.org");
// daily-courier first: the byte-budget cases read records[0].
const records = (["daily-courier", "metrics-hub", "quiet-bakery", "green-grocer", "bot-challenge"] as const).map((name) =>
  completedRecord(name),
);
const size = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
const { min, max } = BUNDLE_MAX_BYTES_RANGE;

/** The bundle, or the budget it says it needs when it refuses (`invalid_request`). */
function bundleOrNeeds(record: CompletedRecord, request: { detail: BundleDetail; maxBytes: number }, builder: LinkBuilder) {
  try {
    return { bundle: toScanBundle(record, request, builder) };
  } catch (error) {
    if (!isServiceError(error) || error.code !== "invalid_request") throw error;
    const needs = /needs at least (\d+) bytes/.exec(error.message)?.[1];
    if (needs === undefined) throw error;
    return { needs: Number(needs) };
  }
}

/** What a bundle declares about itself agrees with what it holds. */
function expectConsistent(bundle: ScanBundle, { record, untrimmed }: { record: CompletedRecord; untrimmed: ScanBundle }) {
  expect(() => ScanBundleSchema.parse(bundle)).not.toThrow();
  expect(bundle.actualBytes).toBe(size(bundle));
  expect(bundle.actualBytes).toBeLessThanOrEqual(bundle.maxBytes);
  const { findings, preConsentRows } = record.report;
  const { counts } = bundle;
  expect(counts.findings).toMatchObject({ total: findings.length, returned: bundle.findings.length });
  expect(counts.preConsentRows).toMatchObject({ total: preConsentRows.length, returned: bundle.preConsentRows?.length ?? 0 });
  const examples = (bundle.evidence ?? []).reduce((sum, digest) => sum + digest.examples.length, 0);
  expect(counts.evidence).toMatchObject({ total: findings.reduce((sum, finding) => sum + finding.examples.length, 0), returned: examples });
  // A count is truncated exactly when the budget kept fewer than the detail level includes.
  expect(counts.findings.truncated).toBe(bundle.findings.length < untrimmed.findings.length);
  expect(counts.preConsentRows.truncated).toBe((bundle.preConsentRows?.length ?? 0) < (untrimmed.preConsentRows?.length ?? 0));
  // Evidence is cut by digests and by examples per digest: truncated exactly when fewer examples are left.
  const examplesOf = (of: ScanBundle) => (of.evidence ?? []).reduce((sum, digest) => sum + digest.examples.length, 0);
  expect(counts.evidence.truncated).toBe(examplesOf(bundle) < examplesOf(untrimmed));
  // A digest names a finding of the scan, and only by id: the findings list carries the rest.
  for (const digest of bundle.evidence ?? []) expect(findings.map((finding) => finding.id)).toContain(digest.findingId);
  if (Object.values(counts).some((count) => count.truncated)) expect(bundle.truncated).toBe(true);
  // Not truncated means nothing was cut: the bundle is the one an unlimited budget gives.
  const { maxBytes: _a, actualBytes: _b, ...content } = bundle;
  const { maxBytes: _c, actualBytes: _d, ...all } = untrimmed;
  if (bundle.truncated) {
    expect(content).not.toEqual(all);
    expect(bundle.nextRecommendedMaxBytes).toBeGreaterThanOrEqual(Math.min(max, untrimmed.actualBytes));
  } else {
    expect(content).toEqual(all);
    expect(bundle.nextRecommendedMaxBytes).toBeNull();
  }
  expect(bundle.omittedSections.includes("findings")).toBe(bundle.findings.length === 0 && findings.length > 0);
  expect(bundle.omittedSections.includes("overview")).toBe(
    bundle.overview.coverage.limitations.length < record.report.coverage.limitations.length,
  );
}

describe("MCP bundle byte budgets", () => {
  it("never exceed maxBytes over random scans, details and budgets, and declare every cut", () => {
    fc.assert(
      fc.property(
        completedRecordArbitrary,
        fc.constantFrom(...BUNDLE_DETAILS),
        fc.oneof(fc.integer({ min, max: 6000 }), fc.integer({ min, max })),
        ({ record, links: builder }, detail, maxBytes) => {
          // The largest budget holds everything these scans have, so it is the reference for what was cut.
          const untrimmed = toScanBundle(record, { detail, maxBytes: max }, builder);
          expect(untrimmed.truncated).toBe(false);
          const result = bundleOrNeeds(record, { detail, maxBytes }, builder);
          if (result.bundle !== undefined) {
            expect(result.bundle.maxBytes).toBe(maxBytes);
            expectConsistent(result.bundle, { record, untrimmed });
            // The recommended budget is enough for everything this detail level includes.
            const next = result.bundle.nextRecommendedMaxBytes;
            if (next !== null) expect(toScanBundle(record, { detail, maxBytes: next }, builder).truncated).toBe(false);
            return;
          }
          // Refused only when even the uncuttable part does not fit; the budget it names is enough, exactly.
          expect(result.needs).toBeGreaterThan(maxBytes);
          if (result.needs <= max) {
            const fitted = toScanBundle(record, { detail, maxBytes: result.needs }, builder);
            expect(fitted.actualBytes).toBeLessThanOrEqual(result.needs);
            expect(bundleOrNeeds(record, { detail, maxBytes: result.needs - 1 }, builder).needs).toBe(result.needs);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a 5000-byte summary keeps a compact finding reference and declares its cuts", () => {
    const bundle = toScanBundle(records[0]!, { detail: "summary", maxBytes: 5000 }, links);
    expect(bundle.actualBytes).toBeLessThanOrEqual(5000);
    expect(bundle.findings[0]).toMatchObject({ id: "pre_consent_advertising_tracker" });
    expect(bundle.omittedSections).toEqual(expect.arrayContaining(["evidence", "diagnostics"]));
  });

  it.each([
    ["summary", 5],
    ["findings", 9],
  ] as [BundleDetail, number][])("with room to spare, %s returns %i findings and nothing is truncated", (detail, count) => {
    const bundle = toScanBundle(records[0]!, { detail, maxBytes: 200_000 }, links);
    expect(bundle.truncated).toBe(false);
    expect(bundle.findings).toHaveLength(count);
    expect(bundle.nextRecommendedMaxBytes).toBeNull();
    // The summary leaves findings, rows and examples out by design: counts say so, none says truncated.
    expect(bundle.counts.findings).toEqual({ total: 9, returned: count, truncated: false });
    expect(Object.values(bundle.counts).map((entry) => entry.truncated)).toEqual([false, false, false]);
  });

  it("full adds evidence digests and diagnostics when they fit", () => {
    const bundle = toScanBundle(records[0]!, { detail: "full", maxBytes: 200_000 }, links);
    expect(bundle.evidence?.length).toBe(records[0]!.report.findings.filter((finding) => finding.examples.length > 0).length);
    expect(bundle.diagnostics?.collectors.length).toBe(4);
    expect(bundle.omittedSections).toEqual([]);
  });

  it.each([10, 0, 1999, 200_001, 2500.5, Number.NaN])("refuses a budget of %s instead of raising or lowering it", (maxBytes) => {
    expect(() => toScanBundle(records[0]!, { detail: "summary", maxBytes }, links)).toThrow(
      expect.objectContaining({ code: "invalid_request", message: expect.stringMatching(/^maxBytes: .*2000 to 200000/) }),
    );
  });

  it("cuts the last finding rather than exceed a tight budget (a longer URL)", () => {
    const record = { ...records[0]!, url: `https://www.daily-courier.test/${"a".repeat(200)}` };
    const bundle = toScanBundle(record, { detail: "summary", maxBytes: 2000 }, links);
    expect(bundle.actualBytes).toBeLessThanOrEqual(2000);
    expect(bundle.findings).toEqual([]);
    expect(bundle).toMatchObject({ truncated: true, counts: { findings: { total: 9, returned: 0, truncated: true } } });
    expect(bundle.omittedSections).toContain("findings");
  });

  it("shortens the overview's coverage limitations rather than exceed the budget", () => {
    const observations = recordedObservations("green-grocer");
    const failed = Array.from({ length: 40 }, (_, index) => ({
      id: `collector_${index}`,
      phase: "pre_consent" as const,
      status: "failed" as const,
      durationMs: 1,
      itemCount: 0,
      reason: "target_closed",
    }));
    const record = completedRecordFrom({ ...observations, collectors: [...observations.collectors, ...failed] });
    expect(size(record.report.coverage.limitations)).toBeGreaterThan(1000);
    const bundle = toScanBundle(record, { detail: "summary", maxBytes: 2500 }, links);
    expect(bundle.actualBytes).toBeLessThanOrEqual(2500);
    expect(bundle.truncated).toBe(true);
    expect(bundle.omittedSections).toContain("overview");
    expect(bundle.overview.coverage.limitations).toEqual(
      record.report.coverage.limitations.slice(0, bundle.overview.coverage.limitations.length),
    );
    expect(bundle.nextRecommendedMaxBytes).toBeGreaterThan(2500);
  });

  it("refuses, naming the budget it needs, when the overview and links alone exceed the budget", () => {
    const record = { ...records[0]!, url: `https://www.daily-courier.test/${"a".repeat(2000)}` };
    expect(() => toScanBundle(record, { detail: "summary", maxBytes: 3000 }, links)).toThrow(
      expect.objectContaining({
        code: "invalid_request",
        message: expect.stringMatching(/^maxBytes: this scan's bundle needs at least \d+ bytes/),
      }),
    );
    const needs = bundleOrNeeds(record, { detail: "summary", maxBytes: 3000 }, links).needs!;
    expect(toScanBundle(record, { detail: "summary", maxBytes: needs }, links).actualBytes).toBeLessThanOrEqual(needs);
  });
});

describe("each bundle kind at its recommended budget", () => {
  // A heavy scan: every finding of two fixture sites (14), each with five examples, as a busy site gives.
  const courier = completedRecord("daily-courier");
  const extra = completedRecord("metrics-hub").report.findings.map((finding) => ({ ...finding, id: `${finding.id}_2` }));
  const heavy: CompletedRecord = {
    ...courier,
    report: {
      ...courier.report,
      findings: [...courier.report.findings, ...extra].map((finding) => ({
        ...finding,
        examples: Array.from({ length: 5 }, (_, index) => finding.examples[index % finding.examples.length]!),
      })),
    },
  };
  const withExamples = heavy.report.findings.filter((finding) => finding.examples.length > 0);
  const at = (detail: BundleDetail) => toScanBundle(heavy, { detail }, links);

  it("summary (5000 bytes): the overview and the first five findings in full", () => {
    const bundle = at("summary");
    expect(heavy.report.findings.length).toBeGreaterThanOrEqual(13);
    expect(bundle.findings).toHaveLength(5);
    expect(bundle.findings.every((finding) => "priority" in finding)).toBe(true);
  });

  it("findings (8000 bytes): every finding in full", () => {
    const bundle = at("findings");
    expect(bundle.findings).toHaveLength(heavy.report.findings.length);
    expect(bundle.findings.every((finding) => "priority" in finding)).toBe(true);
  });

  it("evidence (8000 bytes): a digest of every finding with examples, each with at least one", () => {
    const bundle = at("evidence");
    expect(bundle.evidence?.map((digest) => digest.findingId)).toEqual(withExamples.map((finding) => finding.id));
    expect(bundle.evidence?.every((digest) => digest.examples.length >= 1)).toBe(true);
    expect(bundle.findings).toHaveLength(heavy.report.findings.length);
  });

  it("full (12000 bytes): every finding and a digest of every finding with examples", () => {
    const bundle = at("full");
    expect(bundle.findings).toHaveLength(heavy.report.findings.length);
    expect(bundle.evidence?.map((digest) => digest.findingId)).toEqual(withExamples.map((finding) => finding.id));
  });
});
