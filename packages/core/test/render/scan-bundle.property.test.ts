import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUNDLE_DETAILS, ScanBundleSchema, type BundleDetail } from "../../src/contract/index.js";
import { createLinkBuilder } from "../../src/render/scan-links.js";
import { toScanBundle } from "../../src/render/to-scan-bundle.js";
import { completedRecord } from "../fixtures/completed-record.js";

const links = createLinkBuilder("https://scan.example.org");
const records = ["daily-courier", "metrics-hub", "quiet-bakery", "green-grocer", "bot-challenge"].map((name) => completedRecord(name));
const size = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

describe("MCP bundle byte budgets", () => {
  it("never exceeds maxBytes, and actualBytes is the size of what is returned", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...records),
        fc.constantFrom(...BUNDLE_DETAILS),
        fc.integer({ min: 2000, max: 20_000 }),
        (record, detail, maxBytes) => {
          const bundle = toScanBundle(record, { detail, maxBytes }, links);
          expect(ScanBundleSchema.safeParse(bundle).success).toBe(true);
          expect(bundle.actualBytes).toBeLessThanOrEqual(maxBytes);
          expect(bundle.actualBytes).toBe(size(bundle));
          if (bundle.truncated) expect(bundle.nextRecommendedMaxBytes).toBeGreaterThan(maxBytes);
          if (record.report.findings.length > 0) expect(bundle.findings.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 1000 },
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
  ] as [BundleDetail, number][])("with room to spare, %s returns %i findings and is not truncated", (detail, count) => {
    const bundle = toScanBundle(records[0]!, { detail, maxBytes: 200_000 }, links);
    expect(bundle.truncated).toBe(false);
    expect(bundle.findings).toHaveLength(count);
    expect(bundle.nextRecommendedMaxBytes).toBeNull();
  });

  it("full adds evidence digests and diagnostics when they fit", () => {
    const bundle = toScanBundle(records[0]!, { detail: "full", maxBytes: 200_000 }, links);
    expect(bundle.evidence?.length).toBe(records[0]!.report.findings.length);
    expect(bundle.diagnostics?.collectors.length).toBe(4);
    expect(bundle.omittedSections).toEqual([]);
  });

  it("clamps budgets below the minimum", () => {
    expect(toScanBundle(records[0]!, { detail: "summary", maxBytes: 10 }, links).maxBytes).toBe(2000);
  });
});
