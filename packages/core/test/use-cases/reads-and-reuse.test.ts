import { describe, expect, it } from "vitest";
import { createLocalService } from "../../src/compose/create-local-service.js";
import { ScanJobSchema, ScanSchema } from "../../src/contract/index.js";
import { createMemoryCounterStore } from "../../src/limits/create-memory-counter-store.js";
import { createRateLimiter } from "../../src/limits/create-rate-limiter.js";
import type { ScanObservations } from "../../src/observations/scan-observations.js";
import { createScan } from "../../src/use-cases/create-scan.js";
import { getDomainLatest, getDomainLatestTable } from "../../src/use-cases/get-domain-latest.js";
import { getScan } from "../../src/use-cases/get-scan.js";
import { createAnonymousScanQuota } from "../../src/use-cases/scan-quotas.js";
import type { Caller } from "../../src/use-cases/service-deps.js";
import { readRecordedObservations } from "@public-scan/recorded-scans";

const recorded = readRecordedObservations("quiet-bakery") as ScanObservations;

describe("provenance on reads", () => {
  it("is only what a read can know: no invented execution mode, and a keyed caller's allowance is nobody's counter", async () => {
    const limiter = createRateLimiter({ store: createMemoryCounterStore() });
    const service = await createLocalService({
      scanner: { scan: () => Promise.resolve(recorded), close: () => Promise.resolve() },
      quota: createAnonymousScanQuota(limiter),
      config: { baseUrl: "https://scan.example.org" },
    });
    try {
      // Someone behind the address the old code peeked for keyed callers uses some of their allowance.
      const someone: Caller = { kind: "anonymous", ip: "0.0.0.0" };
      const created = await createScan(service.deps, { body: { url: "https://www.quiet-bakery.test/" }, caller: someone });
      const { scanId } = ScanJobSchema.parse(created.body);
      await service.deps.queue.drain();
      // The same target again is reused: that request knows it.
      const reused = await createScan(service.deps, { body: { url: "https://www.quiet-bakery.test/" }, caller: someone });
      expect(reused.body).toMatchObject({ executionMode: "reused_scan", freshnessDecision: "reused_existing_scan" });

      const read = ScanSchema.parse((await getScan(service.deps, { scanId, caller: { kind: "key", keyId: "key_reader" } })).body);
      expect(read).toMatchObject({ executionMode: "unavailable", freshnessDecision: "unavailable", reused: false, quotaConsumed: false });
      expect(read.anonymousQuotaRemaining).toBe(read.anonymousQuotaLimit);
      const anonymousRead = ScanSchema.parse((await getScan(service.deps, { scanId, caller: someone })).body);
      expect(anonymousRead.anonymousQuotaRemaining).toBe(anonymousRead.anonymousQuotaLimit - 1);
    } finally {
      await service.close();
    }
  });
});

describe("reuse of a no-go result", () => {
  it("does not happen: a page that could not be assessed is scanned again on the next request", async () => {
    const noGo = readRecordedObservations("bot-challenge") as ScanObservations;
    let scans = 0;
    const service = await createLocalService({
      scanner: { scan: () => ((scans += 1), Promise.resolve(noGo)), close: () => Promise.resolve() },
      config: { baseUrl: "https://scan.example.org" },
    });
    try {
      const caller: Caller = { kind: "anonymous", ip: "203.0.113.9" };
      const first = await createScan(service.deps, { body: { url: "https://www.blocked.test/" }, caller });
      await service.deps.queue.drain();
      expect((await getScan(service.deps, { scanId: ScanJobSchema.parse(first.body).scanId, caller })).body).toMatchObject({
        resultDisposition: "no_go",
      });
      const again = await createScan(service.deps, { body: { url: "https://www.blocked.test/" }, caller });
      expect(again).toMatchObject({ status: 202, body: { executionMode: "new_scan" } });
      await service.deps.queue.drain();
      expect(scans).toBe(2);
    } finally {
      await service.close();
    }
  });
});

describe("a no-go result beside an older scan with evidence", () => {
  const noGo = readRecordedObservations("bot-challenge") as ScanObservations;
  const caller: Caller = { kind: "key", keyId: "key_reader" };

  /** A scan of the bakery with evidence, then a fresh scan of it that met a bot challenge. */
  async function scannedTwice() {
    const answers = [recorded, noGo];
    let now = Date.parse("2026-11-23T10:00:00.000Z");
    const service = await createLocalService({
      scanner: { scan: () => Promise.resolve(answers.shift() ?? noGo), close: () => Promise.resolve() },
      config: { baseUrl: "https://scan.example.org" },
      clock: { now: () => now },
    });
    const url = "https://www.quiet-bakery.test/";
    const good = ScanJobSchema.parse((await createScan(service.deps, { body: { url }, caller })).body).scanId;
    await service.deps.queue.drain();
    // An hour later, well inside the reuse window, a fresh scan meets a bot challenge.
    now += 3600_000;
    const blocked = ScanJobSchema.parse((await createScan(service.deps, { body: { url, freshness: "fresh" }, caller })).body).scanId;
    await service.deps.queue.drain();
    expect((await getScan(service.deps, { scanId: blocked, caller })).body).toMatchObject({ resultDisposition: "no_go" });
    return { service, url, good, blocked };
  }

  it("does not hide it as the domain's latest scan, in the Scan or the table", async () => {
    const { service, good } = await scannedTwice();
    try {
      const latest = await getDomainLatest(service.deps, { domain: "www.quiet-bakery.test", caller });
      expect(latest.body).toMatchObject({ scanId: good, resultDisposition: "standard" });
      const table = await getDomainLatestTable(service.deps, { domain: "www.quiet-bakery.test", caller });
      expect(table.body.scanId).toBe(good);
      expect(table.body.rows.length).toBeGreaterThan(0);
    } finally {
      await service.close();
    }
  });

  it("is found by the domain without www as by the host scanned, whose name the answer carries", async () => {
    const { service, good } = await scannedTwice();
    try {
      const bare = await getDomainLatest(service.deps, { domain: "quiet-bakery.test", caller });
      expect(bare.body).toMatchObject({ scanId: good, domain: "www.quiet-bakery.test" });
      expect((await getDomainLatestTable(service.deps, { domain: "Quiet-Bakery.test.", caller })).body.scanId).toBe(good);
      // Another site is not a www twin: nothing is guessed beyond it.
      await expect(getDomainLatest(service.deps, { domain: "bakery.test", caller })).rejects.toMatchObject({ code: "not_found" });
    } finally {
      await service.close();
    }
  });

  it("is not what reuse answers: the older scan with evidence is, while it is in the window", async () => {
    const { service, url, good } = await scannedTwice();
    try {
      expect(await createScan(service.deps, { body: { url }, caller })).toMatchObject({
        status: 200,
        body: { scanId: good, executionMode: "reused_scan", resultDisposition: "standard" },
      });
    } finally {
      await service.close();
    }
  });

  it("alone is no domain's latest scan: 404, not an empty table that reads as nothing found", async () => {
    const service = await createLocalService({
      scanner: { scan: () => Promise.resolve(noGo), close: () => Promise.resolve() },
      config: { baseUrl: "https://scan.example.org" },
    });
    try {
      await createScan(service.deps, { body: { url: "https://www.blocked.test/" }, caller });
      await service.deps.queue.drain();
      for (const read of [getDomainLatest, getDomainLatestTable]) {
        await expect(read(service.deps, { domain: "www.blocked.test", caller })).rejects.toMatchObject({ code: "not_found" });
      }
    } finally {
      await service.close();
    }
  });
});
