import { describe, expect, it } from "vitest";
import { createLocalService } from "../../src/compose/index.js";
import { createRateLimiter } from "../../src/limits/create-rate-limiter.js";
import { createMemoryCounterStore } from "../../src/limits/create-memory-counter-store.js";
import { createLightScanQuota } from "../../src/use-cases/scan-quotas.js";
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
    const quota: ScanQuota = {
      consume: () => ((consumed += 1), Promise.resolve(allowance)),
      peek: () => Promise.resolve(allowance),
      chargeRefusal: () => ((consumed += 1), Promise.resolve()),
    };
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

describe("refused targets and the Light surface's shared day", () => {
  it("charges a refused target to the caller's address only: 100 refusals from 20 addresses leave the 50 scans a day untouched", async () => {
    const limiter = createRateLimiter({ store: createMemoryCounterStore(), now: () => Date.parse("2026-11-28T12:00:00.000Z") });
    const quota = createLightScanQuota(limiter);
    const targets: TargetPolicy = {
      check: (target) => Promise.resolve(target.host === "10.0.0.1" ? { allowed: false, reason: "ip_literal_private" } : { allowed: true }),
    };
    const scanner: Scanner = { scan: () => new Promise(() => {}), close: () => Promise.resolve() };
    const service = await createLocalService({ scanner, quota, targets, config: { baseUrl: "https://scan.example.org" } });
    const ask = (ip: string, url = "http://10.0.0.1/admin") =>
      createScan(service.deps, { body: { url }, caller: { kind: "anonymous", ip } }).catch((error: unknown) => error);

    for (let address = 1; address <= 20; address += 1) {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect(await ask(`198.51.100.${address}`)).toMatchObject({ code: "invalid_request", message: TARGET_REFUSED_MESSAGE });
      }
    }
    expect((await quota.peek({ kind: "anonymous", ip: "192.0.2.1" })).remaining).toBe(50);
    // Refusals are not free for the one asking: its own 10 minutes are spent.
    expect(await ask("198.51.100.1")).toMatchObject({ code: "rate_limited" });
    // A real scan from a fresh address is admitted and charged to the shared day.
    const admitted = await createScan(service.deps, {
      body: { url: "https://www.example.org/" },
      caller: { kind: "anonymous", ip: "192.0.2.1" },
    });
    expect(admitted.status).toBe(202);
    expect((await quota.peek({ kind: "anonymous", ip: "192.0.2.2" })).remaining).toBe(49);
    await service.close({ graceMs: 0 });
  });
});
