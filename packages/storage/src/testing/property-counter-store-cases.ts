import type { CounterCheck, CounterWindow } from "@public-scan/core";
import fc from "fast-check";
import { expect } from "vitest";
import type { CounterStoreCase } from "./counter-store-case.js";
import { createReferenceCounterModel } from "./create-reference-counter-model.js";

/** Small limits and short windows, so random sequences hit limits, expiries and day changes often. */
const COUNTERS = [
  { name: "a", limit: 5, window: { kind: "rolling", ms: 1000 } },
  { name: "b", limit: 9, window: { kind: "rolling", ms: 2500 } },
  { name: "c", limit: 12, window: { kind: "utc_day" } },
] as const satisfies readonly { name: string; limit: number; window: CounterWindow }[];

const MIDNIGHT = Date.UTC(2026, 7, 15);

const stepArbitrary = fc.record({
  // Mostly small steps (within the rolling windows), sometimes a jump of up to two days.
  advance: fc.oneof(
    { weight: 9, arbitrary: fc.integer({ min: 0, max: 1500 }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 172_800_000 }) },
  ),
  // 1 to 3 distinct counters in random order; units up to 6 also exceed counter a's limit of 5.
  checks: fc.uniqueArray(fc.record({ counter: fc.integer({ min: 0, max: 2 }), units: fc.integer({ min: 0, max: 6 }) }), {
    minLength: 1,
    maxLength: 3,
    selector: (check) => check.counter,
  }),
});

let runs = 0;

/** Random request sequences on a manual clock give exactly the reference model's answers. */
export const PROPERTY_COUNTER_STORE_CASES = {
  "agrees exactly with a reference model on random request sequences": async ({ store, propertyRuns }) => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 20_000 }),
        fc.array(stepArbitrary, { minLength: 5, maxLength: 40, size: "max" }),
        async (before, steps) => {
          // Fresh counters for every run, shrinking included, so runs do not see each other's units.
          runs += 1;
          const model = createReferenceCounterModel();
          let now = MIDNIGHT - before;
          for (const step of steps) {
            now += step.advance;
            const checks = step.checks.map(({ counter, units }): CounterCheck => {
              const { name, limit, window } = COUNTERS[counter]!;
              return { key: `run${runs}:${name}`, limit, window, units };
            });
            expect(await store.consume({ checks, now })).toEqual(model.consume({ checks, now }));
          }
        },
      ),
      { numRuns: propertyRuns },
    );
  },
} satisfies Record<string, CounterStoreCase>;
