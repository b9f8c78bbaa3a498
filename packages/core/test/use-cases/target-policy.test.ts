import { describe, expect, it } from "vitest";
import { createLocalService } from "../../src/compose/index.js";
import { ServiceError } from "../../src/errors/service-error.js";
import type { Scanner } from "../../src/ports/scanner.js";
import type { TargetPolicy } from "../../src/ports/target-policy.js";
import { createMemoryScanStore } from "../../src/stores/create-memory-scan-store.js";
import { createScan } from "../../src/use-cases/create-scan.js";
import { TARGET_REFUSED_MESSAGE } from "../../src/use-cases/normalize-target.js";
import { type Allowance, type ScanQuota } from "../../src/use-cases/service-deps.js";

describe("createScan with a target policy", () => {
  it("refuses a target the policy refuses with one message, charged but before storing or queueing anything", async () => {
    const asked: Array<{ host: string; port: number }> = [];
    const targets: TargetPolicy = {
      check: (target) => {
        asked.push(target);
        return Promise.resolve(target.host === "10.0.0.1" ? { allowed: false, reason: "ip_literal_private" } : { allowed: true });
      },
    };
    let consumed = 0;
    const allowance: Allowance = { limit: 20, remaining: 20, resetAt: "2026-11-24T00:00:00.000Z" };
    const quota: ScanQuota = { consume: () => ((consumed += 1), Promise.resolve(allowance)), peek: () => Promise.resolve(allowance) };
    const scanner: Scanner = { scan: () => new Promise(() => {}), close: () => Promise.resolve() };
    const scans = createMemoryScanStore();
    const service = await createLocalService({ scanner, scans, quota, targets, config: { baseUrl: "https://scan.example.org" } });

    const refusal = await createScan(service.deps, {
      body: { url: "http://10.0.0.1:8080/admin" },
      caller: { kind: "anonymous", ip: "203.0.113.1" },
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ServiceError);
    // The same message whatever the reason: no map of which internal names exist.
    expect(refusal).toMatchObject({ code: "invalid_request", message: TARGET_REFUSED_MESSAGE });
    expect(JSON.stringify(refusal)).not.toContain("ip_literal_private");
    expect(asked).toEqual([{ host: "10.0.0.1", port: 8080 }]);
    // A refusal costs a scan: probing internal names spends the daily allowance.
    expect(consumed).toBe(1);
    expect(await scans.listActive()).toEqual([]);

    await createScan(service.deps, { body: { url: "https://[2001:db8::1]/" }, caller: { kind: "anonymous", ip: "203.0.113.1" } });
    expect(asked[1]).toEqual({ host: "2001:db8::1", port: 443 });
    expect(consumed).toBe(2);
    await service.close({ graceMs: 0 });
  });
});
