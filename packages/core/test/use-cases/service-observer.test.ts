import { afterEach, describe, expect, it } from "vitest";
import { createLocalService } from "../../src/compose/index.js";
import { isServiceError } from "../../src/errors/service-error.js";
import { createMemoryCounterStore } from "../../src/limits/create-memory-counter-store.js";
import { createRateLimiter } from "../../src/limits/create-rate-limiter.js";
import type { ScanObservations } from "../../src/observations/scan-observations.js";
import type { Scanner, ScanInput } from "../../src/ports/scanner.js";
import type { ServiceObserver } from "../../src/ports/service-observer.js";
import { createScan } from "../../src/use-cases/create-scan.js";
import { readRecordedObservations, type RecordedScan } from "@public-scan/recorded-scans";

const recorded = (name: RecordedScan) => readRecordedObservations(name) as ScanObservations;

/** Every event the observer was told, in order, as `[method, event]`. */
function recordingObserver() {
  const events: Array<[string, Record<string, unknown>]> = [];
  const observer: Required<ServiceObserver> = {
    requestFinished: (event) => events.push(["requestFinished", event]),
    jobStarted: (event) => events.push(["jobStarted", event]),
    phaseEnded: (event) => events.push(["phaseEnded", event]),
    scanEnded: (event) => events.push(["scanEnded", event]),
    limitRefused: (event) => events.push(["limitRefused", event]),
  };
  return { observer, events };
}

/** A manual clock the fake scanner advances, so every phase has a known duration. */
function manualClock() {
  let at = Date.parse("2026-11-25T12:00:00.000Z");
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

let closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers) await close();
  closers = [];
});

async function serviceWith(input: { scan: (input: ScanInput) => Promise<ScanObservations>; observer: ServiceObserver; now: () => number }) {
  const scanner: Scanner = { scan: input.scan, close: () => Promise.resolve() };
  const local = await createLocalService({
    scanner,
    observer: input.observer,
    clock: { now: input.now },
    config: { baseUrl: "https://scan.example.org" },
  });
  closers.push(local.close);
  return local.deps;
}

describe("the service observer", () => {
  it("is told a job started, how long each phase took, and how the scan ended", async () => {
    const clock = manualClock();
    const { observer, events } = recordingObserver();
    const deps = await serviceWith({
      observer,
      now: clock.now,
      scan: (input) => {
        clock.advance(300);
        input.onProgress?.({ phase: "runtime_observation", progressPercent: 30 });
        clock.advance(2000);
        input.onProgress?.({ phase: "runtime_observation", progressPercent: 40 });
        input.onProgress?.({ phase: "consent_interaction", progressPercent: 60 });
        clock.advance(1500);
        return Promise.resolve(recorded("daily-courier"));
      },
    });
    const created = await createScan(deps, {
      body: { url: "https://www.daily-courier.test/news?utm_source=CANARY" },
      caller: { kind: "anonymous", ip: "203.0.113.7" },
    });
    const scanId = (created.body as { scanId: string }).scanId;
    await deps.queue.drain();

    expect(events).toEqual([
      ["jobStarted", { scanId, attempt: 1 }],
      ["phaseEnded", { scanId, phase: "launching_browser", durationMs: 300 }],
      ["phaseEnded", { scanId, phase: "runtime_observation", durationMs: 2000 }],
      ["phaseEnded", { scanId, phase: "consent_interaction", durationMs: 1500 }],
      ["phaseEnded", { scanId, phase: "projection", durationMs: 0 }],
      ["scanEnded", { scanId, outcome: "completed", durationMs: 3800, errorCode: null }],
    ]);
    // Ids, names and numbers only: nothing of the scanned URL reaches the observer.
    expect(JSON.stringify(events)).not.toMatch(/daily-courier|CANARY|203\.0\.113/);
  });

  it("is told a failed scan's outcome and error code, and the phase it failed in", async () => {
    const clock = manualClock();
    const { observer, events } = recordingObserver();
    const deps = await serviceWith({
      observer,
      now: clock.now,
      scan: () => {
        clock.advance(700);
        return Promise.reject(new Error("browser crashed"));
      },
    });
    await createScan(deps, { body: { url: "https://www.daily-courier.test/" }, caller: { kind: "anonymous", ip: "203.0.113.7" } });
    await deps.queue.drain();
    expect(events.slice(1).map(([name, event]) => [name, { ...event, scanId: undefined }])).toEqual([
      ["phaseEnded", { scanId: undefined, phase: "launching_browser", durationMs: 700 }],
      ["scanEnded", { scanId: undefined, outcome: "failed", durationMs: 700, errorCode: "internal_error" }],
    ]);
  });

  it("goes on with the scan when the observer throws", async () => {
    const throwing: ServiceObserver = {
      jobStarted: () => {
        throw new Error("log sink down");
      },
      scanEnded: () => {
        throw new Error("log sink down");
      },
    };
    const deps = await serviceWith({ observer: throwing, now: Date.now, scan: () => Promise.resolve(recorded("daily-courier")) });
    const created = await createScan(deps, {
      body: { url: "https://www.daily-courier.test/" },
      caller: { kind: "anonymous", ip: "203.0.113.7" },
    });
    await deps.queue.drain();
    expect((await deps.scans.get((created.body as { scanId: string }).scanId))?.status).toBe("completed");
  });

  it("is told each refusal of a limit with its profile and scope, and never about a peek", async () => {
    const { observer, events } = recordingObserver();
    const limiter = createRateLimiter({ store: createMemoryCounterStore(), now: () => Date.parse("2026-11-25T12:00:00Z"), observer });
    let refused = 0;
    for (let attempt = 0; attempt < 40 && refused === 0; attempt += 1) {
      await limiter.checkAnonymousScan({ ip: "198.51.100.4" }).catch((error: unknown) => {
        if (!isServiceError(error) || error.code !== "rate_limited") throw error;
        refused += 1;
      });
    }
    expect(refused).toBe(1);
    expect(events).toEqual([["limitRefused", { profile: "anonymous_scan", scope: "ip" }]]);
    await limiter.peekAnonymousScan({ ip: "198.51.100.4" });
    expect(events).toHaveLength(1);
  });
});
