import { createMemoryCounterStore, toCounterExpiry, type ConsumeInput, type ConsumeResult, type CounterStore } from "@public-scan/core";
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

const CAUGHT: [bug: string, caseName: CounterStoreCaseName, make: () => CounterStore][] = [
  ["a fixed window", "slides: units leave the window one by one, not at a fixed boundary", FIXED_WINDOW_BUG],
  ["a fixed window", "agrees exactly with a reference model on random request sequences", FIXED_WINDOW_BUG],
  ["partial consumption", "consumes all or nothing across counters", PARTIAL_CONSUME_BUG],
  ["partial consumption", "agrees exactly with a reference model on random request sequences", PARTIAL_CONSUME_BUG],
  ["a check-then-write race", "admits exactly the limit of 50 concurrent requests and loses no count", RACE_BUG],
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
