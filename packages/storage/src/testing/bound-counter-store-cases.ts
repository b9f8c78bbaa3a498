import { toRollingBucketMs, type CounterCheck, type CounterStore, type CounterWindow } from "@public-scan/core";
import { expect } from "vitest";
import type { CounterStoreCase } from "./counter-store-case.js";

const WINDOW = { kind: "rolling", ms: 1000 } as const satisfies CounterWindow;
/** 50 ms: a twentieth of the window. */
const BUCKET = toRollingBucketMs(WINDOW.ms);
/** 2026-08-15T01:00:00.000Z, a bucket boundary (buckets are aligned on the epoch). */
const T0 = Date.UTC(2026, 7, 15, 1);
/** Where in its bucket a unit is consumed: on the boundary, just after it, inside, just before the next. */
const OFFSETS = [0, 1, 23, BUCKET - 1];

const check = (key: string, limit: number, units: number): CounterCheck => ({ key, limit, window: WINDOW, units });
const usageAt = async (store: CounterStore, key: string, now: number) => {
  const result = await store.consume({ checks: [check(key, 100, 0)], now });
  return result.allowed ? result.usage[0] : undefined;
};

/**
 * The documented error bound of rolling windows (docs/api.md "Limits"): a unit consumed at `t` counts while
 * `now < ceil(t / b) * b + window`, with `b` the bucket width. So it counts for the whole window, never
 * shorter, and at most `b - 1` ms longer; the wait a refusal reports is when its bucket stops counting.
 */
export const BOUND_COUNTER_STORE_CASES = {
  "counts a rolling unit for the whole window, wherever in its bucket it was consumed": async ({ store }) => {
    for (const offset of OFFSETS) {
      const key = `whole-${offset}`;
      const t = T0 + 5 * BUCKET + offset;
      expect(await store.consume({ checks: [check(key, 1, 1)], now: t })).toEqual({ allowed: true, usage: [1] });
      expect(await usageAt(store, key, t + WINDOW.ms - 1)).toBe(1);
      expect(await store.consume({ checks: [check(key, 1, 1)], now: t + WINDOW.ms - 1 })).toMatchObject({ allowed: false, usage: 1 });
    }
  },

  "stops counting a rolling unit one window after its bucket ends, less than a bucket width late": async ({ store }) => {
    for (const offset of OFFSETS) {
      const key = `late-${offset}`;
      const t = T0 + 5 * BUCKET + offset;
      const bucketEnd = T0 + (offset === 0 ? 5 : 6) * BUCKET;
      await store.consume({ checks: [check(key, 1, 1)], now: t });
      expect(await usageAt(store, key, bucketEnd + WINDOW.ms - 1)).toBe(1);
      expect(await usageAt(store, key, bucketEnd + WINDOW.ms)).toBe(0);
      // The documented bound, whatever the offset: gone by t + window + bucket - 1.
      expect(await usageAt(store, key, t + WINDOW.ms + BUCKET - 1)).toBe(0);
    }
  },

  "reports the wait until the buckets holding the excess stop counting": async ({ store }) => {
    const at = (offset: number, units: number) => store.consume({ checks: [check("wait", 3, units)], now: T0 + offset });
    expect(await at(10, 2)).toEqual({ allowed: true, usage: [2] }); // bucket (T0, T0+50]: counts until T0+1050
    expect(await at(60, 1)).toEqual({ allowed: true, usage: [3] }); // bucket (T0+50, T0+100]: until T0+1100
    expect(await at(500, 1)).toEqual({ allowed: false, failed: 0, usage: 3, retryAfterMs: 550 });
    expect(await at(1049, 1)).toEqual({ allowed: false, failed: 0, usage: 3, retryAfterMs: 1 });
    expect(await at(1050, 2)).toEqual({ allowed: true, usage: [3] }); // on a boundary: counts until T0+2050
    // 2 units must go: the 1 of T0+60 at T0+1100 is not enough, the 2 of T0+1050 go at T0+2050.
    expect(await at(1051, 2)).toEqual({ allowed: false, failed: 0, usage: 3, retryAfterMs: 999 });
    expect(await at(1100, 1)).toEqual({ allowed: true, usage: [3] });
  },

  "never admits more than the limit within any window, and refuses only within a window and a bucket of it": async ({ store }) => {
    const limit = 7;
    const admitted: { at: number; units: number }[] = [];
    const sumIn = (from: number, to: number) =>
      admitted.filter((entry) => entry.at > from && entry.at <= to).reduce((sum, entry) => sum + entry.units, 0);
    // A greedy client: a request every 7 ms (not a divisor of the bucket), of 1 to 3 units, for 4 windows.
    for (let index = 0; index * 7 < 4 * WINDOW.ms; index += 1) {
      const now = T0 + 3 + index * 7;
      const units = 1 + (index % 3);
      const result = await store.consume({ checks: [check("greedy", limit, units)], now });
      if (result.allowed) {
        admitted.push({ at: now, units });
        // Everything admitted within the last window, this request included, fits the limit.
        expect(sumIn(now - WINDOW.ms, now)).toBeLessThanOrEqual(limit);
      } else {
        // Refused only when what was admitted since now - window - bucket + 1 (what can still count) leaves no room.
        expect(sumIn(now - WINDOW.ms - BUCKET + 1, now)).toBeGreaterThan(limit - units);
        expect(result.retryAfterMs).toBeGreaterThan(0);
        expect(result.retryAfterMs).toBeLessThan(WINDOW.ms + BUCKET);
      }
    }
    // Held to the limit, not starved: every refusal above saw more than limit - 3 units in its last window
    // plus a bucket, and refusals come at least every 8 requests, so each 1050 ms held 5 admitted units.
    expect(sumIn(T0, T0 + 4 * WINDOW.ms)).toBeGreaterThanOrEqual(Math.floor((4 * WINDOW.ms) / (WINDOW.ms + BUCKET)) * (limit - 2));
  },
} satisfies Record<string, CounterStoreCase>;
