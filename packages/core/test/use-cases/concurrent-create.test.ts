import { describe, expect, it } from "vitest";
import { createLocalService } from "../../src/compose/index.js";
import { ServiceError } from "../../src/errors/service-error.js";
import type { Scanner } from "../../src/ports/scanner.js";
import type { ScanStore } from "../../src/ports/scan-store.js";
import { createMemoryScanStore } from "../../src/stores/create-memory-scan-store.js";
import { createScan } from "../../src/use-cases/create-scan.js";
import { targetKeyOf } from "../../src/use-cases/normalize-target.js";
import { completedRecord } from "../fixtures/completed-record.js";
import { type Allowance, type ScanQuota } from "../../src/use-cases/service-deps.js";

const allowance: Allowance = { limit: 20, remaining: 20, resetAt: "2026-11-24T00:00:00.000Z" };
const caller = { kind: "anonymous" as const, ip: "203.0.113.9" };
const idleScanner = (): Scanner => ({
  scan: ({ signal }) => new Promise((_, reject) => signal?.addEventListener("abort", () => reject(new Error("stopped")), { once: true })),
  close: () => Promise.resolve(),
});
/** A quota that counts charges and takes `delayMs` (a remote counter store), refusing once `limit` is used. */
function slowQuota(options: { delayMs: number; limit: number }) {
  const state = { consumed: 0, refused: 0 };
  const quota: ScanQuota = {
    consume: async () => {
      await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (state.consumed >= options.limit) {
        state.refused += 1;
        throw new ServiceError("rate_limited", "No new scans left today.");
      }
      state.consumed += 1;
      return allowance;
    },
    peek: () => Promise.resolve(allowance),
    chargeRefusal: () => Promise.reject(new Error("no target is refused here")),
  };
  return { quota, state };
}
// Another process's handle on the same records: a distinct object, so no in-process lock is shared with it.
const otherProcessView = (store: ScanStore): ScanStore => ({ ...store });

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
      chargeRefusal: () => Promise.reject(new Error("no target is refused here")),
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

  it("across processes sharing a store, one request reserves the scan and is charged; the others join it", async () => {
    const scans = createMemoryScanStore();
    const { quota, state } = slowQuota({ delayMs: 15, limit: 20 });
    const services = await Promise.all(
      [scans, otherProcessView(scans), otherProcessView(scans)].map((view) =>
        createLocalService({ scanner: idleScanner(), scans: view, quota, config: { baseUrl: "https://scan.example.org" } }),
      ),
    );
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        createScan(services[index % services.length]!.deps, { body: { url: "https://www.example.com/" }, caller }),
      ),
    );
    expect(state.consumed).toBe(1);
    expect(new Set(outcomes.map((outcome) => outcome.body.scanId)).size).toBe(1);
    expect(outcomes.filter((outcome) => outcome.body.executionMode === "new_scan")).toHaveLength(1);
    // Joiners waited for the reservation's admission: nobody was shown a scan that was not queued yet.
    expect(outcomes.every((outcome) => outcome.body.status !== "pending")).toBe(true);
    expect(await scans.listActive()).toHaveLength(1);
    await Promise.all(services.map((service) => service.close({ graceMs: 0 })));
  });

  it("a refused reservation is discarded: nothing is stored, and the requests that waited on it are judged themselves", async () => {
    const scans = createMemoryScanStore();
    const { quota, state } = slowQuota({ delayMs: 20, limit: 0 });
    const services = await Promise.all(
      [scans, otherProcessView(scans)].map((view) =>
        createLocalService({ scanner: idleScanner(), scans: view, quota, config: { baseUrl: "https://scan.example.org" } }),
      ),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, index) => createScan(services[index % 2]!.deps, { body: { url: "https://www.example.com/" }, caller })),
    );
    // Every request was refused by the quota itself, none "joined" a reservation that then vanished.
    expect(results.map((result) => (result.status === "rejected" ? (result.reason as ServiceError).code : "answered"))).toEqual(
      Array.from({ length: 6 }, () => "rate_limited"),
    );
    expect(state.refused).toBe(6);
    expect(await scans.listActive()).toEqual([]);
    await Promise.all(services.map((service) => service.close({ graceMs: 0 })));
  });

  it("a reservation left by a process that died mid-request is discarded and the target scanned anew", async () => {
    const scans = createMemoryScanStore();
    const { quota, state } = slowQuota({ delayMs: 0, limit: 20 });
    const service = await createLocalService({ scanner: idleScanner(), scans, quota, config: { baseUrl: "https://scan.example.org" } });
    // A reservation made long ago by a process that died before admitting it.
    const dead = completedRecord("quiet-bakery", {
      scanId: "dead0000-0000-4000-8000-000000000000",
      status: "pending",
      report: null,
      url: "https://www.example.com/",
      scanFrom: service.deps.config.defaultScanRegion,
      createdAt: "2000-01-01T00:00:00.000Z",
    } as never);
    expect(await scans.createIfNoActive(dead, { targetKey: targetKeyOf(dead) })).toEqual({ created: true });

    const next = await createScan(service.deps, { body: { url: "https://www.example.com/" }, caller });
    expect(next.body.executionMode).toBe("new_scan");
    expect(next.body.scanId).not.toBe(dead.scanId);
    expect(await scans.get(dead.scanId)).toBeNull();
    expect(state.consumed).toBe(1);
    await service.close({ graceMs: 0 });
  });
});
