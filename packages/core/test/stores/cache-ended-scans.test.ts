import { describe, expect, it } from "vitest";
import { cacheEndedScans, createMemoryScanStore, targetKeyOf, type ScanRecord, type ScanStore } from "../../src/index.js";

const DAY = 86_400_000;
const START = Date.UTC(2026, 5, 30, 12);

function record(scanId: string, status: ScanRecord["status"], endedAt: number | null): ScanRecord {
  const at = new Date(endedAt ?? START).toISOString();
  return {
    scanId,
    jobId: `job_${scanId}`,
    url: `https://${scanId}.test/`,
    domain: `${scanId}.test`,
    scanFrom: "eu",
    status,
    phase: endedAt === null ? "loading" : "done",
    createdAt: at,
    startedAt: at,
    completedAt: endedAt === null ? null : at,
    phaseStartedAt: at,
    lastHeartbeatAt: at,
    progressPercent: endedAt === null ? 10 : 100,
    report: null,
    scoreUpdatedAt: null,
    diagnostics: null,
    error: endedAt === null ? null : { code: "internal_error", message: "x", retryable: false, recommendedNextAction: "start_new_scan" },
    attempts: 1,
  } as ScanRecord;
}

/** A memory store that counts the reads reaching it, and a clock the test moves. */
function setup(options: { maxBytes?: number; ttlMs?: number; retentionDays?: number | null } = {}) {
  const store = createMemoryScanStore();
  let reads = 0;
  const counted = { ...store, get: (scanId: string) => ((reads += 1), store.get(scanId)) };
  let now = START;
  const clock = { now: () => now };
  const cached = cacheEndedScans(counted, { ...options, clock });
  return {
    store,
    cached,
    reads: () => reads,
    advance: (ms: number) => (now += ms),
    put: (value: ScanRecord) => store.create(value, { targetKey: targetKeyOf(value) }),
  };
}

describe("cacheEndedScans", () => {
  it("reads an ended scan from the store once, and hands out one frozen copy", async () => {
    const { cached, reads, put } = setup();
    await put(record("scan_a", "failed", START - DAY));
    const first = await cached.get("scan_a");
    const second = await cached.get("scan_a");
    expect(reads()).toBe(1);
    expect(second).toBe(first);
    expect(first?.status).toBe("failed");
    // Shared by every reader: a mutation would change every later answer, so it throws instead.
    expect(() => {
      (first as { status: string }).status = "running";
    }).toThrow(TypeError);
    expect(() => {
      (first!.error as { message: string }).message = "changed";
    }).toThrow(TypeError);
  });

  it("never caches an active scan, so a move made elsewhere is seen at the next read", async () => {
    const { store, cached, reads, put } = setup();
    const running = record("scan_b", "running", null);
    await put(running);
    expect((await cached.get("scan_b"))?.status).toBe("running");
    // Another process (the store itself here) completes it.
    await store.update(record("scan_b", "failed", START), { expectedStatus: "running", targetKey: targetKeyOf(running) });
    expect((await cached.get("scan_b"))?.status).toBe("failed");
    expect(reads()).toBe(2);
    await cached.get("scan_b");
    expect(reads()).toBe(2);
  });

  it("keeps the ended record an update through it returns", async () => {
    const { cached, reads, put } = setup();
    const running = record("scan_c", "running", null);
    await put(running);
    const stored = await cached.update(record("scan_c", "failed", START), { expectedStatus: "running", targetKey: targetKeyOf(running) });
    expect(stored?.status).toBe("failed");
    // The updater's copy stays its own (unfrozen); readers get the cached one.
    expect(Object.isFrozen(stored)).toBe(false);
    expect((await cached.get("scan_c"))?.status).toBe("failed");
    expect(reads()).toBe(0);
  });

  it("never answers a scan past its retention, even when the purge ran in another process", async () => {
    const { store, cached, reads, advance, put } = setup({ retentionDays: 30 });
    await put(record("scan_d", "failed", START - 29 * DAY));
    expect(await cached.get("scan_d")).not.toBeNull();
    advance(2 * DAY);
    // The other process's purge, straight on the store.
    await store.purgeEndedBefore(new Date(START + 2 * DAY - 30 * DAY).toISOString(), { limit: 10 });
    expect(await cached.get("scan_d")).toBeNull();
    expect(reads()).toBe(2);
  });

  it("asks the store again once an entry's time is up, so any deletion is seen within ttlMs", async () => {
    const { store, cached, reads, advance, put } = setup({ ttlMs: 60_000, retentionDays: null });
    await put(record("scan_e", "failed", START - 400 * DAY));
    await cached.get("scan_e");
    await store.purgeEndedBefore(new Date(START).toISOString(), { limit: 10 });
    advance(59_000);
    expect(await cached.get("scan_e")).not.toBeNull();
    advance(2_000);
    expect(await cached.get("scan_e")).toBeNull();
    expect(reads()).toBe(2);
  });

  it("drops what a purge through it deleted, and keeps the store's retention capability", async () => {
    const { cached, put } = setup({ retentionDays: null });
    await put(record("scan_f", "failed", START - 10 * DAY));
    await put(record("scan_g", "failed", START - DAY));
    await cached.get("scan_f");
    await cached.get("scan_g");
    const cutoff = new Date(START - 5 * DAY).toISOString();
    expect(await cached.countEndedBefore(cutoff)).toBe(1);
    expect(await cached.purgeEndedBefore(cutoff, { limit: 10 })).toBe(1);
    expect(await cached.get("scan_f")).toBeNull();
    expect(await cached.get("scan_g")).not.toBeNull();
  });

  it("holds no more than maxBytes of records: the least recently read go first", async () => {
    // Twelve records of one size, room for ten (an entry may take a tenth of the cache).
    const size = JSON.stringify(record("scan_10", "failed", START)).length;
    const { cached, reads, put } = setup({ maxBytes: size * 10 + 5 });
    const ids = Array.from({ length: 12 }, (_, index) => `scan_${10 + index}`);
    for (const id of ids) await put(record(id, "failed", START));
    for (const id of ids) await cached.get(id);
    expect(reads()).toBe(12);
    for (const id of ids.slice(2)) await cached.get(id);
    expect(reads()).toBe(12);
    await cached.get(ids[0]!);
    expect(reads()).toBe(13);
  });

  it("reads a record bigger than a tenth of the cache from the store every time", async () => {
    const size = JSON.stringify(record("scan_big", "failed", START)).length;
    const { cached, reads, put } = setup({ maxBytes: size * 5 });
    await put(record("scan_big", "failed", START));
    await cached.get("scan_big");
    await cached.get("scan_big");
    expect(reads()).toBe(2);
  });

  it("reaches a class store's own methods on the store itself, private fields and all", async () => {
    class CountingStore {
      readonly #inner = createMemoryScanStore();
      get = (scanId: string) => this.#inner.get(scanId);
      countEndedBefore(cutoff: string) {
        return this.#inner.countEndedBefore(cutoff);
      }
      put(value: ScanRecord) {
        return this.#inner.create(value, { targetKey: targetKeyOf(value) });
      }
    }
    const store = new CountingStore();
    await store.put(record("scan_h", "failed", START - DAY));
    const cached = cacheEndedScans(store as unknown as CountingStore & ScanStore, { clock: { now: () => START } });
    expect(await cached.countEndedBefore(new Date(START).toISOString())).toBe(1);
    expect("countEndedBefore" in cached).toBe(true);
    expect((await cached.get("scan_h"))?.status).toBe("failed");
  });

  it("refuses settings that would make it unbounded or useless", () => {
    const store = createMemoryScanStore();
    const clock = { now: () => START };
    expect(() => cacheEndedScans(store, { clock, maxBytes: 0 })).toThrow(RangeError);
    expect(() => cacheEndedScans(store, { clock, ttlMs: Number.POSITIVE_INFINITY })).toThrow(RangeError);
  });
});
