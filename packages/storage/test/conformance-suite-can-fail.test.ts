import {
  createMemoryCounterStore,
  evaluateConsume,
  toCounterExpiry,
  toRollingBucketMs,
  type ConsumeInput,
  type ConsumeResult,
  type CounterEntry,
  type CounterStore,
  type CounterWindow,
} from "@public-scan/core";
import { describe, expect, it } from "vitest";
import { COUNTER_STORE_CASES, type CounterStoreCaseName } from "../src/testing/index.js";

/**
 * The conformance suite is only worth something if it catches broken stores. Each store below has one
 * classic bug; the named case must fail on it (and pass on the memory store, the control).
 */
const FIXED_WINDOW_BUG = (): CounterStore => {
  // Counts per fixed window [k*ms, (k+1)*ms): resets everything at each boundary.
  const counts = new Map<string, number>();
  return {
    capabilities: { sharedAcrossProcesses: false },
    consume({ checks, now }: ConsumeInput): Promise<ConsumeResult> {
      const slot = (index: number) => {
        const check = checks[index]!;
        const bucket =
          check.window.kind === "rolling" ? Math.floor(now / check.window.ms) : toCounterExpiry({ window: check.window, at: now });
        return `${check.key}@${bucket}`;
      };
      const usage = checks.map((_, index) => counts.get(slot(index)) ?? 0);
      const failed = checks.findIndex((check, index) => usage[index]! + check.units > check.limit);
      if (failed >= 0) return Promise.resolve({ allowed: false, failed, usage: usage[failed]!, retryAfterMs: 1 });
      checks.forEach((check, index) => counts.set(slot(index), usage[index]! + check.units));
      return Promise.resolve({ allowed: true, usage: checks.map((check, index) => usage[index]! + check.units) });
    },
    close: () => Promise.resolve(),
  };
};

const PARTIAL_CONSUME_BUG = (): CounterStore => {
  // Consumes counter by counter, and stops at the first that does not fit: earlier ones keep their units.
  const inner = createMemoryCounterStore();
  return {
    capabilities: inner.capabilities,
    async consume({ checks, now }) {
      const usage: number[] = [];
      for (const [index, check] of checks.entries()) {
        const result = await inner.consume({ checks: [check], now });
        if (!result.allowed) return { ...result, failed: index };
        usage.push(result.usage[0]!);
      }
      return { allowed: true, usage };
    },
    close: () => inner.close(),
  };
};

const RACE_BUG = (): CounterStore => {
  // Reads, awaits (as a networked store would), then writes: concurrent requests overshoot.
  const inner = createMemoryCounterStore();
  return {
    capabilities: inner.capabilities,
    async consume(input) {
      const peek = await inner.consume({ ...input, checks: input.checks.map((check) => ({ ...check, units: 0 })) });
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (!peek.allowed) return peek;
      const fits = input.checks.every((check, index) => peek.usage[index]! + check.units <= check.limit);
      if (!fits) return inner.consume(input);
      return inner.consume({ ...input, checks: input.checks.map((check) => ({ ...check, limit: Number.MAX_SAFE_INTEGER })) });
    },
    close: () => inner.close(),
  };
};

/** A sliding log whose rolling entries expire by `expiry` instead of the documented rule (utc_day unchanged). */
const logWithExpiry = (expiry: (window: CounterWindow & { kind: "rolling" }, at: number) => number) => (): CounterStore => {
  const logs = new Map<string, CounterEntry[]>();
  return {
    capabilities: { sharedAcrossProcesses: false },
    consume({ checks, now }: ConsumeInput): Promise<ConsumeResult> {
      const live = checks.map((check) =>
        (logs.get(check.key) ?? []).filter((entry) => entry.expiresAt > now).sort((a, b) => a.expiresAt - b.expiresAt),
      );
      const usage = live.map((entries) => entries.reduce((sum, entry) => sum + entry.units, 0));
      const result = evaluateConsume({ checks, now, usage, liveEntries: (index) => live[index]! });
      if (result.allowed) {
        checks.forEach((check, index) => {
          const at = check.window.kind === "rolling" ? expiry(check.window, now) : toCounterExpiry({ window: check.window, at: now });
          logs.set(check.key, [...live[index]!, { expiresAt: at, units: check.units }]);
        });
      }
      return Promise.resolve(result);
    },
    close: () => Promise.resolve(),
  };
};

/** Buckets that start the window at their start: a unit consumed late in its bucket counts less than a window. */
const BUCKET_START_BUG = logWithExpiry(
  (window, at) => Math.floor(at / toRollingBucketMs(window.ms)) * toRollingBucketMs(window.ms) + window.ms,
);
/** A unit counted a whole bucket past its bucket's end: more than the documented bound. */
const EXTRA_BUCKET_BUG = logWithExpiry((window, at) => toCounterExpiry({ window, at }) + toRollingBucketMs(window.ms));
/** The exact sliding log of before: within the bound, but not the rule every store shares. */
const EXACT_LOG = logWithExpiry((window, at) => at + window.ms);

const CAUGHT: [bug: string, caseName: CounterStoreCaseName, make: () => CounterStore][] = [
  ["a fixed window", "slides: units leave the window one by one, not at a fixed boundary", FIXED_WINDOW_BUG],
  ["a fixed window", "agrees exactly with a reference model on random request sequences", FIXED_WINDOW_BUG],
  ["partial consumption", "consumes all or nothing across counters", PARTIAL_CONSUME_BUG],
  ["partial consumption", "agrees exactly with a reference model on random request sequences", PARTIAL_CONSUME_BUG],
  ["a check-then-write race", "admits exactly the limit of 50 concurrent requests and loses no count", RACE_BUG],
  [
    "buckets counted from their start",
    "counts a rolling unit for the whole window, wherever in its bucket it was consumed",
    BUCKET_START_BUG,
  ],
  [
    "buckets counted from their start",
    "never admits more than the limit within any window, and refuses only within a window and a bucket of it",
    BUCKET_START_BUG,
  ],
  ["an extra bucket", "stops counting a rolling unit one window after its bucket ends, less than a bucket width late", EXTRA_BUCKET_BUG],
  [
    "an extra bucket",
    "never admits more than the limit within any window, and refuses only within a window and a bucket of it",
    EXTRA_BUCKET_BUG,
  ],
  ["an exact sliding log", "stops counting a rolling unit one window after its bucket ends, less than a bucket width late", EXACT_LOG],
  ["an exact sliding log", "agrees exactly with a reference model on random request sequences", EXACT_LOG],
];

async function runCase(caseName: CounterStoreCaseName, store: CounterStore): Promise<void> {
  await COUNTER_STORE_CASES[caseName]({ store, peer: () => Promise.resolve(store), propertyRuns: 50 });
}

describe("the CounterStore conformance suite", () => {
  it.each(CAUGHT)("catches %s in the case %s", async (_bug, caseName, make) => {
    await expect(runCase(caseName, make())).rejects.toThrow();
    await expect(runCase(caseName, createMemoryCounterStore())).resolves.toBeUndefined();
  });
});
