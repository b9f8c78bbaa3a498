import { describe, expect, it } from "vitest";
import { createLocalService } from "../../src/compose/create-local-service.js";
import { ScanJobSchema, type ReadWeight } from "../../src/contract/index.js";
import type { ScanObservations } from "../../src/observations/scan-observations.js";
import { createScan } from "../../src/use-cases/create-scan.js";
import { getScanExport } from "../../src/use-cases/get-scan-export.js";
import type { Caller } from "../../src/use-cases/service-deps.js";
import { readRecordedObservations } from "@public-scan/recorded-scans";

const recorded = readRecordedObservations("daily-courier") as ScanObservations;
const caller: Caller = { kind: "key", keyId: "key_reader" };

/** A service whose weighted limiter records each read it is asked to count. */
async function serviceCountingReads() {
  const counted: ReadWeight[] = [];
  const service = await createLocalService({
    scanner: { scan: () => Promise.resolve(recorded), close: () => Promise.resolve() },
    config: { baseUrl: "https://scan.example.org" },
    limits: {
      checkRead: (input: { weight: ReadWeight }) => {
        counted.push(input.weight);
        return Promise.resolve();
      },
    } as never,
  });
  const created = await createScan(service.deps, {
    body: { url: "https://www.daily-courier.test/" },
    caller: { kind: "anonymous", ip: "203.0.113.5" },
  });
  await service.deps.queue.drain();
  return { service, counted, scanId: ScanJobSchema.parse(created.body).scanId };
}

describe("getScanExport", () => {
  it("counts an export as a heavy read (4 units), and a refused format or gate as no read at all", async () => {
    const { service, counted, scanId } = await serviceCountingReads();
    try {
      const read = (format: string, gates: { failOn?: string; minScore?: string } = {}) =>
        getScanExport(service.deps, { scanId, caller, format, ...gates, renderHtml: () => "<!doctype html><title>r</title>" });
      for (const refused of [
        read("pdf"),
        read("junit", { failOn: "info" }),
        read("junit", { minScore: "" }),
        read("junit", { minScore: "0x10" }),
        read("junit", { minScore: "101" }),
        getScanExport(service.deps, { scanId, caller, format: "html" }),
      ]) {
        await expect(refused).rejects.toMatchObject({ code: "invalid_request" });
      }
      expect(counted).toEqual([]);

      const sarif = await read("sarif");
      expect(sarif).toMatchObject({
        status: 200,
        body: { format: "sarif", fileName: "public-scan.sarif", mediaType: "application/sarif+json" },
      });
      expect(counted).toEqual([{ policy: "resource", units: 4 }]);
      expect((await read("html")).body).toMatchObject({
        content: "<!doctype html><title>r</title>",
        mediaType: "text/html; charset=utf-8",
      });
    } finally {
      await service.close();
    }
  });

  it("gates JUnit as the scan command does: `low` by default, `none` fails no finding", async () => {
    const { service, scanId } = await serviceCountingReads();
    try {
      const junit = async (gates: { failOn?: string; minScore?: string }) => {
        const outcome = await getScanExport(service.deps, { scanId, caller, format: "junit", ...gates });
        if (outcome.status !== 200) throw new Error("expected the export");
        return (outcome.body.content.match(/<failure /g) ?? []).length;
      };
      expect(await junit({})).toBeGreaterThan(0);
      expect(await junit({ failOn: "none" })).toBe(0);
      expect(await junit({ failOn: "none", minScore: "100" })).toBe(1);
      expect(await junit({ failOn: "high" })).toBeLessThanOrEqual(await junit({ failOn: "low" }));
    } finally {
      await service.close();
    }
  });
});
