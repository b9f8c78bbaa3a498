import type { ConsumeResult, CounterStore, CounterWindow } from "@public-scan/core";
import { expect } from "vitest";
import type { CounterStoreCase, CounterStoreCaseContext } from "./counter-store-case.js";

const HOUR = { kind: "rolling", ms: 3_600_000 } as const satisfies CounterWindow;
const T0 = Date.UTC(2026, 7, 15, 12);
const REQUESTS = 50;
const LIMIT = 20;
const HANDLES = 5;

/** Five handles onto the same counters when the store is shared (separate connections or file handles). */
async function handles(context: CounterStoreCaseContext): Promise<CounterStore[]> {
  const peers = await Promise.all(Array.from({ length: HANDLES - 1 }, () => context.peer()));
  return [context.store, ...peers];
}

const allowedUsage = (results: ConsumeResult[], index = 0) => results.flatMap((result) => (result.allowed ? [result.usage[index]!] : []));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, offset) => from + offset);

/** N requests at once must never overshoot a limit, and no admitted unit may go uncounted. */
export const CONCURRENT_COUNTER_STORE_CASES = {
  "admits exactly the limit of 50 concurrent requests and loses no count": async (context) => {
    const stores = await handles(context);
    const results = await Promise.all(
      range(0, REQUESTS - 1).map((index) =>
        stores[index % HANDLES]!.consume({ checks: [{ key: "hot", limit: LIMIT, window: HOUR, units: 1 }], now: T0 }),
      ),
    );
    // Each admitted request saw a distinct usage, 1..20: none was counted twice or lost.
    expect(allowedUsage(results).sort((a, b) => a - b)).toEqual(range(1, LIMIT));
    expect(results.filter((result) => !result.allowed)).toHaveLength(REQUESTS - LIMIT);
    for (const result of results) if (!result.allowed) expect(result).toMatchObject({ usage: LIMIT, retryAfterMs: HOUR.ms });
    expect(await context.store.consume({ checks: [{ key: "hot", limit: LIMIT, window: HOUR, units: 0 }], now: T0 })).toEqual({
      allowed: true,
      usage: [LIMIT],
    });
  },

  "stays all or nothing across counters under concurrency": async (context) => {
    const stores = await handles(context);
    const checks = [
      { key: "tally", limit: 1000, window: HOUR, units: 1 },
      { key: "gate", limit: LIMIT, window: HOUR, units: 1 },
    ];
    const results = await Promise.all(range(0, REQUESTS - 1).map((index) => stores[index % HANDLES]!.consume({ checks, now: T0 })));
    expect(results.filter((result) => result.allowed)).toHaveLength(LIMIT);
    // The refused requests passed "tally" but must not have consumed from it.
    const peek = checks.map((check) => ({ ...check, units: 0 }));
    expect(await context.store.consume({ checks: peek, now: T0 })).toEqual({ allowed: true, usage: [LIMIT, LIMIT] });
  },

  "counts every admitted weighted unit under concurrency": async (context) => {
    const stores = await handles(context);
    const results = await Promise.all(
      range(0, REQUESTS - 1).map((index) =>
        stores[index % HANDLES]!.consume({ checks: [{ key: "weighted", limit: 50, window: HOUR, units: 1 + (index % 4) }], now: T0 }),
      ),
    );
    const admitted = results.reduce((sum, result, index) => sum + (result.allowed ? 1 + (index % 4) : 0), 0);
    expect(admitted).toBeLessThanOrEqual(50);
    // Refused only for being full: a request of u units is refused only at a usage above 50 - u.
    for (const [index, result] of results.entries()) if (!result.allowed) expect(result.usage).toBeGreaterThan(50 - (1 + (index % 4)));
    expect(await context.store.consume({ checks: [{ key: "weighted", limit: 50, window: HOUR, units: 0 }], now: T0 })).toEqual({
      allowed: true,
      usage: [admitted],
    });
  },
} satisfies Record<string, CounterStoreCase>;
