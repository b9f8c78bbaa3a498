import { afterEach, describe, expect, it } from "vitest";
import { ScanJobSchema, ScanSchema, type ScanJob, type Scan } from "../../src/contract/index.js";
import { createLocalService } from "../../src/compose/index.js";
import { createDurationStats } from "../../src/stores/create-duration-stats.js";
import { ServiceError } from "../../src/errors/service-error.js";
import { createMemoryCounterStore } from "../../src/limits/create-memory-counter-store.js";
import { createRateLimiter } from "../../src/limits/create-rate-limiter.js";
import type { ScanObservations } from "../../src/observations/scan-observations.js";
import type { Scanner, ScanInput } from "../../src/ports/scanner.js";
import { createAnonymousScanQuota } from "../../src/use-cases/scan-quotas.js";
import { createScan } from "../../src/use-cases/create-scan.js";
import { getBundle, getFinding, getPreConsentTable, listFindings } from "../../src/use-cases/scan-results.js";
import { getDomainLatest } from "../../src/use-cases/get-domain-latest.js";
import { getScan, getScanStatus } from "../../src/use-cases/get-scan.js";
import { targetKeyOf } from "../../src/use-cases/normalize-target.js";
import { type Caller, type ScanQuota } from "../../src/use-cases/service-deps.js";
import { readRecordedObservations, type RecordedScan } from "@public-scan/recorded-scans";

const recorded = (name: RecordedScan) => readRecordedObservations(name) as ScanObservations;
const caller: Caller = { kind: "anonymous", ip: "203.0.113.7" };

/** A scanner that answers with recorded observations, and lets a test hold or fail the scan. */
function fakeScanner(behaviour: (input: ScanInput) => Promise<ScanObservations>) {
  const calls: string[] = [];
  const scanner: Scanner = {
    scan: (input) => {
      calls.push(input.url);
      input.onProgress?.({ phase: "runtime_observation", progressPercent: 30 });
      return behaviour(input);
    },
    close: () => Promise.resolve(),
  };
  return { scanner, calls };
}

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

async function service(scanner: Scanner, extra: { quota?: ScanQuota; now?: () => number; jobDeadlineMs?: number } = {}) {
  const now = extra.now ?? (() => Date.now());
  const local = await createLocalService({
    scanner,
    config: { baseUrl: "https://scan.example.org", scanRegions: ["eu_ie", "us_east"], defaultScanRegion: "eu_ie" },
    clock: { now },
    ...(extra.quota ? { quota: extra.quota } : {}),
    ...(extra.jobDeadlineMs ? { jobDeadlineMs: extra.jobDeadlineMs } : {}),
  });
  closers.push(local.close);
  return local.deps;
}

describe("scan lifecycle", () => {
  it("queues a new scan (202), runs it, then serves the completed Scan and its results (200)", async () => {
    const held = gate();
    const { scanner, calls } = fakeScanner(async () => {
      await held.opened;
      return recorded("daily-courier");
    });
    const deps = await service(scanner);
    const created = await createScan(deps, { body: { url: "https://www.daily-courier.test/news?utm_source=CANARY#top" }, caller });
    expect(created.status).toBe(202);
    const job = ScanJobSchema.parse(created.body);
    expect(job).toMatchObject({
      executionMode: "new_scan",
      // This service embeds the scanner without limits: a new scan takes nothing from an allowance.
      quotaConsumed: false,
      freshnessDecision: "no_eligible_recent_scan_queued",
      url: "https://www.daily-courier.test/news",
    });
    expect(JSON.stringify(job)).not.toContain("CANARY");

    await expect(listFindings(deps, { scanId: job.scanId, caller })).resolves.toMatchObject({ status: 202 });
    held.open();
    await deps.queue.drain();

    // The page asked for is visited, query included (the fragment never reaches a server); only what is
    // stored and shown leaves the query out.
    expect(calls).toEqual(["https://www.daily-courier.test/news?utm_source=CANARY"]);
    const read = await getScan(deps, { scanId: job.scanId, caller });
    expect(read.status).toBe(200);
    const scan = ScanSchema.parse(read.body);
    expect(scan).toMatchObject({ status: "completed", scanFrom: "eu_ie", quotaConsumed: false });
    expect((await listFindings(deps, { scanId: job.scanId, caller })).status).toBe(200);
    expect((await getPreConsentTable(deps, { scanId: job.scanId, caller })).body).toMatchObject({
      type: "service_pre_consent_cookies_trackers",
    });
    const bundle = await getBundle(deps, { scanId: job.scanId, caller, detail: "summary", maxBytes: 5000 });
    expect(bundle.status === 200 && bundle.body.type === "service_scan_bundle" && bundle.body.actualBytes <= 5000).toBe(true);
    await expect(getDomainLatest(deps, { domain: "WWW.Daily-Courier.test", caller })).resolves.toMatchObject({
      status: 200,
      body: { scanId: job.scanId },
    });
  });

  it("reuses a recent completed scan for free (200), and joins one in flight (202) without a second scan", async () => {
    const held = gate();
    const { scanner, calls } = fakeScanner(async () => {
      await held.opened;
      return recorded("quiet-bakery");
    });
    const deps = await service(scanner);
    const first = await createScan(deps, { body: { url: "https://www.quiet-bakery.test/" }, caller });
    const joined = await createScan(deps, { body: { url: "https://www.quiet-bakery.test/" }, caller });
    expect(joined).toMatchObject({
      status: 202,
      body: { scanId: first.body.scanId, executionMode: "joined_scan", freshnessDecision: "joined_in_flight_scan", quotaConsumed: false },
    });
    held.open();
    await deps.queue.drain();
    const reused = await createScan(deps, { body: { url: "https://www.quiet-bakery.test/", freshness: "latest" }, caller });
    expect(reused.status).toBe(200);
    expect(reused.body as Scan).toMatchObject({
      scanId: first.body.scanId,
      executionMode: "reused_scan",
      reused: true,
      freshnessDecision: "reused_existing_scan",
      quotaConsumed: false,
    });
    expect((reused.body as Scan).reusedScanAgeSeconds).toBeGreaterThanOrEqual(0);
    expect(calls).toHaveLength(1);
    const fresh = await createScan(deps, { body: { url: "https://www.quiet-bakery.test/", freshness: "fresh" }, caller });
    expect(fresh).toMatchObject({ status: 202, body: { freshnessDecision: "fresh_scan_requested_queued", executionMode: "new_scan" } });
  });

  it("does not reuse a scan from another region or older than the reuse window", async () => {
    let now = Date.parse("2026-11-23T10:00:00.000Z");
    const { scanner, calls } = fakeScanner(() => Promise.resolve(recorded("quiet-bakery")));
    const deps = await service(scanner, { now: () => now });
    await createScan(deps, { body: { url: "https://www.quiet-bakery.test/" }, caller });
    await deps.queue.drain();
    await createScan(deps, { body: { url: "https://www.quiet-bakery.test/", scanFrom: "us_east" }, caller });
    await deps.queue.drain();
    expect(calls).toHaveLength(2);
    now += deps.config.reuseWindowSeconds * 1000 + 1000;
    const later = await createScan(deps, { body: { url: "https://www.quiet-bakery.test/" }, caller });
    expect(later.status).toBe(202);
  });

  it("a failing scan ends failed with a redacted error and no results; its findings are never inferred", async () => {
    const { scanner } = fakeScanner(() => Promise.reject(new Error("Protocol error at /home/runner/secret")));
    const deps = await service(scanner);
    const created = await createScan(deps, { body: { url: "https://www.daily-courier.test/" }, caller });
    await deps.queue.drain();
    const status = await getScanStatus(deps, { scanId: created.body.scanId, caller });
    const job = ScanJobSchema.parse(status.body);
    expect(job).toMatchObject({ status: "failed", error: { code: "internal_error" }, recommendedNextAction: "start_new_scan" });
    expect(JSON.stringify(job)).not.toContain("secret");
    await expect(listFindings(deps, { scanId: created.body.scanId, caller })).rejects.toMatchObject({ code: "not_found" });
  });

  it("GET of a failed or expired scan is 404 with the error envelope, never a 200 that is not a Scan (contract getScan)", async () => {
    const failing = await service(fakeScanner(() => Promise.reject(new Error("boom"))).scanner);
    const failed = await createScan(failing, { body: { url: "https://www.daily-courier.test/" }, caller });
    const hanging = await service(fakeScanner(() => new Promise(() => undefined)).scanner, { jobDeadlineMs: 50 });
    const expired = await createScan(hanging, { body: { url: "https://www.daily-courier.test/" }, caller });
    await failing.queue.drain();
    await hanging.queue.drain();
    for (const [deps, scanId, status] of [
      [failing, failed.body.scanId, "failed"],
      [hanging, expired.body.scanId, "expired"],
    ] as const) {
      await expect(getScan(deps, { scanId, caller })).rejects.toMatchObject({
        code: "not_found",
        message: `This scan ended ${status} and has no result. Start a new scan.`,
      });
      // The status route still tells what happened: the ScanJob with its error.
      expect((await getScanStatus(deps, { scanId, caller })).body).toMatchObject({ type: "service_scan_job", status, error: {} });
    }
  });

  it("a scan past its deadline ends expired, even when the scanner ignores the abort", async () => {
    const { scanner } = fakeScanner(() => new Promise(() => undefined));
    const deps = await service(scanner, { jobDeadlineMs: 50 });
    const created = await createScan(deps, { body: { url: "https://www.daily-courier.test/" }, caller });
    await deps.queue.drain();
    expect(((await getScanStatus(deps, { scanId: created.body.scanId, caller })).body as ScanJob).status).toBe("expired");
  });

  it("takes over a running scan whose heartbeat went stale: retried and joined while it has attempts, else ended", async () => {
    let now = Date.parse("2026-11-23T10:00:00.000Z");
    const started = gate();
    const { scanner } = fakeScanner(() => {
      started.open();
      return new Promise(() => undefined);
    });
    const deps = await service(scanner, { now: () => now, jobDeadlineMs: 200 });
    const first = await createScan(deps, { body: { url: "https://www.stuck.example/" }, caller });
    // The worker has the scan once the scanner is called: no guessing how long that takes.
    await started.opened;
    expect(await deps.scans.get(first.body.scanId)).toMatchObject({ status: "running", attempts: 1 });
    now += (deps.config.staleAfterSeconds + 1) * 1000;
    // Its worker is gone: the scan goes back to the queue (attempt 1 of 2) and the request joins it.
    const second = await createScan(deps, { body: { url: "https://www.stuck.example/" }, caller });
    expect(second.body).toMatchObject({ scanId: first.body.scanId, executionMode: "joined_scan", quotaConsumed: false });
    expect(await deps.scans.get(first.body.scanId)).toMatchObject({ status: "queued" });

    // With no attempts left, a stale scan ends failed, and the request starts a new one.
    const stale = await deps.scans.get(first.body.scanId);
    await deps.scans.update(
      { ...stale!, status: "running", attempts: deps.config.maxAttempts },
      {
        expectedStatus: "queued",
        targetKey: targetKeyOf(stale!),
      },
    );
    now += (deps.config.staleAfterSeconds + 1) * 1000;
    const third = await createScan(deps, { body: { url: "https://www.stuck.example/" }, caller });
    expect(third.body.scanId).not.toBe(first.body.scanId);
    expect(third.body).toMatchObject({ executionMode: "new_scan" });
    expect(await deps.scans.get(first.body.scanId)).toMatchObject({ status: "failed", error: { code: "internal_error" } });
    await deps.queue.drain();
  });

  it("a scan past its deadline ends expired", async () => {
    const { scanner } = fakeScanner(
      (input) => new Promise((_, reject) => input.signal?.addEventListener("abort", () => reject(new Error("aborted")))),
    );
    const deps = await service(scanner, { jobDeadlineMs: 50 });
    const created = await createScan(deps, { body: { url: "https://www.daily-courier.test/" }, caller });
    await deps.queue.drain();
    const job = (await getScanStatus(deps, { scanId: created.body.scanId, caller })).body as ScanJob;
    expect(job.status).toBe("expired");
  });

  it("refuses bad input with invalid_request and stores nothing", async () => {
    const { scanner, calls } = fakeScanner(() => Promise.resolve(recorded("quiet-bakery")));
    const deps = await service(scanner);
    for (const body of [
      {},
      { url: "ftp://example.com" },
      { url: "https://example.com", scanFrom: "mars_1" },
      { url: "https://example.com", extra: 1 },
      "not json",
    ]) {
      await expect(createScan(deps, { body, caller })).rejects.toMatchObject({ code: "invalid_request" });
    }
    expect(await deps.scans.listActive()).toEqual([]);
    expect(calls).toEqual([]);
    await expect(getScan(deps, { scanId: "../../etc/passwd", caller })).rejects.toMatchObject({ code: "invalid_request" });
    await expect(getScan(deps, { scanId: "3f1c9a52-7c1e-4c55-9b0e-2f4b8e2d6a10", caller })).rejects.toMatchObject({ code: "not_found" });
    await expect(
      getFinding(deps, { scanId: "3f1c9a52-7c1e-4c55-9b0e-2f4b8e2d6a10", findingId: "DROP TABLE", caller }),
    ).rejects.toMatchObject({ code: "invalid_request" });
    await expect(getDomainLatest(deps, { domain: "exa mple.com", caller })).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("a quota refusal stores nothing and queues nothing; reuse stays free", async () => {
    const quota: ScanQuota = {
      consume: () => Promise.reject(new ServiceError("rate_limited", "Daily anonymous scans used up.", { retryAfterSeconds: 600 })),
      peek: () => Promise.resolve({ limit: 20, remaining: 0, resetAt: "2026-11-24T00:00:00.000Z" }),
      chargeRefusal: () => Promise.reject(new Error("unused")),
    };
    const { scanner, calls } = fakeScanner(() => Promise.resolve(recorded("quiet-bakery")));
    const deps = await service(scanner, { quota });
    await expect(createScan(deps, { body: { url: "https://www.quiet-bakery.test/" }, caller })).rejects.toMatchObject({
      code: "rate_limited",
      retryAfterSeconds: 600,
    });
    expect(await deps.scans.listActive()).toEqual([]);
    expect(calls).toEqual([]);
  });
});

describe("default configuration", () => {
  it("serves resources that fit the contract", async () => {
    const { scanner } = fakeScanner(() => Promise.resolve(recorded("quiet-bakery")));
    const local = await createLocalService({ scanner, config: { baseUrl: "http://127.0.0.1:8787" } });
    closers.push(local.close);
    const created = await createScan(local.deps, { body: { url: "https://www.quiet-bakery.test/" }, caller });
    await local.deps.queue.drain();
    const scan = await getScan(local.deps, { scanId: created.body.scanId, caller });
    expect(ScanSchema.parse(scan.body)).toMatchObject({ scanFrom: "self_hosted", status: "completed" });
  });
});

describe("anonymous quota over the rate limiter", () => {
  it("allows 20 new scans per IP per UTC day; reuse and joins stay free; another IP is not affected", async () => {
    const now = Date.parse("2026-11-23T10:00:00.000Z");
    const limiter = createRateLimiter({ store: createMemoryCounterStore(), now: () => now });
    const held = gate();
    const { scanner } = fakeScanner(async () => {
      await held.opened;
      return recorded("quiet-bakery");
    });
    const deps = await service(scanner, { quota: createAnonymousScanQuota(limiter), now: () => now });
    for (let index = 0; index < 20; index += 1) {
      const created = await createScan(deps, { body: { url: `https://site${index}.example.com/` }, caller });
      expect(created.body).toMatchObject({
        quotaConsumed: true,
        anonymousQuotaLimit: 20,
        anonymousQuotaRemaining: 19 - index,
        anonymousQuotaResetAt: "2026-11-24T00:00:00.000Z",
      });
    }
    const joined = await createScan(deps, { body: { url: "https://site0.example.com/" }, caller });
    expect(joined.body).toMatchObject({ executionMode: "joined_scan", quotaConsumed: false, anonymousQuotaRemaining: 0 });
    await expect(createScan(deps, { body: { url: "https://site20.example.com/" }, caller })).rejects.toMatchObject({
      code: "rate_limited",
      rateLimit: { profile: "anonymous_scan", limit: 20 },
    });
    await expect(
      createScan(deps, { body: { url: "https://site20.example.com/" }, caller: { kind: "anonymous", ip: "198.51.100.1" } }),
    ).resolves.toMatchObject({ status: 202 });
    held.open();
    await deps.queue.drain();
  });
});

describe("remaining-time estimate", () => {
  it("is null before any scan completed, then follows the observed durations", async () => {
    let now = Date.parse("2026-11-23T10:00:00.000Z");
    const held = gate();
    const { scanner } = fakeScanner(async () => {
      now += 20_000; // every scan takes 20 s on this clock
      await held.opened;
      return recorded("quiet-bakery");
    });
    const deps = await service(scanner, { now: () => now });
    held.open();
    const first = await createScan(deps, { body: { url: "https://one.example.com/" }, caller });
    expect((first.body as ScanJob).estimatedRemainingSeconds).toBeNull();
    await deps.queue.drain();
    const second = await createScan(deps, { body: { url: "https://two.example.com/" }, caller });
    expect((second.body as ScanJob).estimatedRemainingSeconds).toBe(20);
    await deps.queue.drain();
  });
});

describe("duration statistics", () => {
  it("take the median of the recent window and ignore nonsense", () => {
    const stats = createDurationStats({ window: 3 });
    expect(stats.typical()).toBeNull();
    for (const seconds of [10, 30, 20, Number.NaN, -5]) stats.record(seconds);
    expect(stats.typical()).toBe(20);
    stats.record(100);
    expect(stats.typical()).toBe(30);
  });
});

describe("weighted read limits in the reads", () => {
  /** A service with the weighted read limits and one completed scan of daily-courier, at a fixed time. */
  const limitedServiceWithScan = async () => {
    const now = Date.parse("2026-11-23T10:00:00.000Z");
    const limiter = createRateLimiter({ store: createMemoryCounterStore(), now: () => now });
    const { scanner } = fakeScanner(() => Promise.resolve(recorded("daily-courier")));
    const deps = await service(scanner, { now: () => now });
    const limited = { ...deps, limits: limiter };
    const created = await createScan(limited, { body: { url: "https://www.daily-courier.test/" }, caller });
    await deps.queue.drain();
    return { limited, input: { scanId: created.body.scanId, caller } };
  };

  it("refuse a bundle budget outside the accepted range before counting the read, never raising it", async () => {
    const { limited, input } = await limitedServiceWithScan();
    for (const maxBytes of [0, 10, 1999, 200_001, 4000.5]) {
      await expect(getBundle(limited, { ...input, maxBytes })).rejects.toMatchObject({
        code: "invalid_request",
        message: "maxBytes: must be a whole number of bytes from 2000 to 200000.",
      });
    }
    // None of the refusals counted: all 30 heavy reads of the window are still there.
    for (let index = 0; index < 30; index += 1) await getBundle(limited, { ...input, maxBytes: 2000 });
    await expect(getBundle(limited, input)).rejects.toMatchObject({ code: "rate_limited" });
  });

  it("charge 4 units per bundle and refuse the 31st heavy read of a caller and scan before building it", async () => {
    const { limited, input } = await limitedServiceWithScan();
    for (let index = 0; index < 30; index += 1) await getBundle(limited, { ...input, detail: "summary" });
    await expect(getBundle(limited, { ...input, detail: "summary" })).rejects.toMatchObject({
      code: "rate_limited",
      rateLimit: { profile: "weighted_read", scope: "caller_resource", window: "PT10M", limit: 120, usage: 120, requestedUnits: 4 },
    });
    // Light reads still fit nothing more for this caller and scan; another caller is not affected.
    await expect(listFindings(limited, input)).rejects.toMatchObject({ code: "rate_limited" });
    await expect(listFindings(limited, { ...input, caller: { kind: "anonymous", ip: "198.51.100.9" } })).resolves.toMatchObject({
      status: 200,
    });
  });
});
