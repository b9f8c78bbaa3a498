import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ScanObservations } from "../../src/observations/scan-observations.js";
import { toScanReport } from "../../src/projection/to-scan-report.js";
import { readRecordedObservations } from "@public-scan/recorded-scans";

/**
 * Minimisation at projection: whatever extra data an observation carries (a value an adapter passed by
 * mistake, a full URL, a query string), the report is built from allow-listed fields only. The canary is
 * injected into arbitrary extra fields of every cookie, storage item and request; it must never come out.
 */
const CANARY = "CANARY-projection-9d1e";
const base = readRecordedObservations("daily-courier") as ScanObservations;

const extraFields = fc.dictionary(
  fc.constantFrom("value", "url", "query", "body", "raw", "stack", "fullUrl", "headers"),
  fc.constantFrom(CANARY, `https://tracker.example/collect?id=${CANARY}`, { nested: CANARY }, [CANARY]),
  { minKeys: 1 },
);

describe("projection minimisation", () => {
  it("never lets an injected value reach the report", () => {
    fc.assert(
      fc.property(fc.array(extraFields, { minLength: 1, maxLength: 40 }), (extras) => {
        const pick = (index: number) => extras[index % extras.length]!;
        const polluted = {
          ...base,
          cookies: base.cookies.map((cookie, index) => ({ ...cookie, ...pick(index) })),
          storage: base.storage.map((item, index) => ({ ...item, ...pick(index + 1) })),
          requests: base.requests.map((request, index) => ({ ...request, ...pick(index + 2) })),
        } as ScanObservations;
        const report = toScanReport(polluted);
        expect(JSON.stringify(report)).not.toContain(CANARY);
        expect(report.findings.length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });
});
