import { describe, expect, it } from "vitest";
import { createLocalService } from "../../src/compose/index.js";
import type { Scanner } from "../../src/ports/scanner.js";
import { createScan } from "../../src/use-cases/create-scan.js";
import { type Allowance, type ScanQuota } from "../../src/use-cases/service-deps.js";

describe("concurrent createScan for one new target", () => {
  it("charges and queues one scan; the other requests join it", async () => {
    let consumed = 0;
    const allowance: Allowance = { limit: 20, remaining: 20, resetAt: "2026-11-24T00:00:00.000Z" };
    // A slow quota widens the window between the lookup and the insert, as a remote counter store would.
    const quota: ScanQuota = {
      consume: async () => {
        consumed += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return allowance;
      },
      peek: () => Promise.resolve(allowance),
    };
    const scanned: string[] = [];
    const scanner: Scanner = {
      scan: ({ url, signal }) => {
        scanned.push(url);
        return new Promise((_, reject) => signal?.addEventListener("abort", () => reject(new Error("stopped")), { once: true }));
      },
      close: () => Promise.resolve(),
    };
    const service = await createLocalService({ scanner, quota, config: { baseUrl: "https://scan.example.org" } });
    const caller = { kind: "anonymous" as const, ip: "203.0.113.9" };
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => createScan(service.deps, { body: { url: "https://www.example.com/" }, caller })),
    );
    expect(consumed).toBe(1);
    expect(new Set(outcomes.map((outcome) => outcome.body.scanId)).size).toBe(1);
    expect(outcomes.map((outcome) => outcome.body.executionMode).sort()).toEqual([
      "joined_scan",
      "joined_scan",
      "joined_scan",
      "joined_scan",
      "new_scan",
    ]);
    // Different targets are not serialised behind each other.
    const other = await createScan(service.deps, { body: { url: "https://www.example.org/" }, caller });
    expect(other.body.executionMode).toBe("new_scan");
    await service.close({ graceMs: 0 });
    expect(scanned).toEqual(["https://www.example.com/", "https://www.example.org/"]);
  });
});
