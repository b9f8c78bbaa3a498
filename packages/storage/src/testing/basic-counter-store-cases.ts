import type { CounterCheck, CounterWindow } from "@public-scan/core";
import { expect } from "vitest";
import type { CounterStoreCase } from "./counter-store-case.js";

const MINUTE = { kind: "rolling", ms: 60_000 } as const satisfies CounterWindow;
const SECOND = { kind: "rolling", ms: 1000 } as const satisfies CounterWindow;
const UTC_DAY = { kind: "utc_day" } as const satisfies CounterWindow;
/** 2026-08-15T00:00:00.000Z, a UTC midnight; cases run around it with a manual clock. */
const MIDNIGHT = Date.UTC(2026, 7, 15);
const T0 = MIDNIGHT + 3_600_000;

const check = (key: string, limit: number, window: CounterWindow): CounterCheck => ({ key, limit, window, units: 1 });
const weighted = (units: number, base: CounterCheck): CounterCheck => ({ ...base, units });

/** Limits, weights, atomicity, windows and waits, driven by a manual clock. */
export const BASIC_COUNTER_STORE_CASES = {
  "holds the limit of each counter and keeps counters apart": async ({ store }) => {
    for (const usage of [1, 2, 3]) {
      expect(await store.consume({ checks: [check("a", 3, MINUTE)], now: T0 })).toEqual({ allowed: true, usage: [usage] });
    }
    expect(await store.consume({ checks: [check("a", 3, MINUTE)], now: T0 + 10 })).toEqual({
      allowed: false,
      failed: 0,
      usage: 3,
      retryAfterMs: 59_990,
    });
    expect(await store.consume({ checks: [check("b", 3, MINUTE)], now: T0 + 10 })).toEqual({ allowed: true, usage: [1] });
  },

  "counts weighted units": async ({ store }) => {
    expect(await store.consume({ checks: [weighted(4, check("w", 10, MINUTE))], now: T0 })).toEqual({ allowed: true, usage: [4] });
    expect(await store.consume({ checks: [weighted(4, check("w", 10, MINUTE))], now: T0 })).toEqual({ allowed: true, usage: [8] });
    expect(await store.consume({ checks: [weighted(4, check("w", 10, MINUTE))], now: T0 })).toMatchObject({ allowed: false, usage: 8 });
    expect(await store.consume({ checks: [weighted(2, check("w", 10, MINUTE))], now: T0 })).toEqual({ allowed: true, usage: [10] });
  },

  "consumes all or nothing across counters": async ({ store }) => {
    const both = [check("wide", 5, MINUTE), check("narrow", 2, MINUTE)];
    expect(await store.consume({ checks: both, now: T0 })).toEqual({ allowed: true, usage: [1, 1] });
    expect(await store.consume({ checks: both, now: T0 })).toEqual({ allowed: true, usage: [2, 2] });
    expect(await store.consume({ checks: both, now: T0 })).toMatchObject({ allowed: false, failed: 1, usage: 2 });
    // The refused request left "wide" at 2: three more units fit exactly, a fourth does not.
    expect(await store.consume({ checks: [weighted(3, check("wide", 5, MINUTE))], now: T0 })).toEqual({ allowed: true, usage: [5] });
    // When several counters are exceeded, the first one in request order is reported.
    expect(await store.consume({ checks: both, now: T0 })).toMatchObject({ allowed: false, failed: 0, usage: 5 });
  },

  "slides: units leave the window one by one, not at a fixed boundary": async ({ store }) => {
    const at = (offset: number, units: number) => store.consume({ checks: [weighted(units, check("s", 3, SECOND))], now: T0 + offset });
    expect(await at(0, 1)).toEqual({ allowed: true, usage: [1] });
    expect(await at(600, 2)).toEqual({ allowed: true, usage: [3] });
    expect(await at(999, 1)).toEqual({ allowed: false, failed: 0, usage: 3, retryAfterMs: 1 });
    // A fixed window would be empty again at 1000; a sliding one still holds the 2 units from 600.
    expect(await at(1000, 2)).toEqual({ allowed: false, failed: 0, usage: 2, retryAfterMs: 600 });
    expect(await at(1000, 1)).toEqual({ allowed: true, usage: [3] });
    expect(await at(1599, 2)).toEqual({ allowed: false, failed: 0, usage: 3, retryAfterMs: 1 });
    expect(await at(1600, 2)).toEqual({ allowed: true, usage: [3] });
  },

  "resets a utc_day counter at 00:00 UTC, not 24 hours after use": async ({ store }) => {
    const day = check("d", 2, UTC_DAY);
    const rolling = check("r", 10, { kind: "rolling", ms: 86_400_000 });
    const at = (now: number) => store.consume({ checks: [day, rolling], now });
    expect(await at(MIDNIGHT - 2)).toEqual({ allowed: true, usage: [1, 1] });
    expect(await at(MIDNIGHT - 1)).toEqual({ allowed: true, usage: [2, 2] });
    expect(await at(MIDNIGHT - 1)).toEqual({ allowed: false, failed: 0, usage: 2, retryAfterMs: 1 });
    expect(await at(MIDNIGHT)).toEqual({ allowed: true, usage: [1, 3] });
    expect(await at(MIDNIGHT + 5)).toEqual({ allowed: true, usage: [2, 4] });
    // Units consumed at 00:00:00.000 count for that whole day and not a millisecond longer.
    expect(await at(MIDNIGHT + 86_399_999)).toEqual({ allowed: false, failed: 0, usage: 2, retryAfterMs: 1 });
    // The rolling 24 hours still hold only the unit from MIDNIGHT + 5.
    expect(await at(MIDNIGHT + 86_400_000)).toEqual({ allowed: true, usage: [1, 2] });
  },

  "reports the exact wait until the whole request fits": async ({ store }) => {
    const at = (offset: number, units: number) => store.consume({ checks: [weighted(units, check("x", 5, SECOND))], now: T0 + offset });
    await at(0, 2);
    await at(100, 1);
    await at(200, 2);
    // 3 units must expire: the 2 from t=0 at 1000, then the 1 from t=100 at 1100.
    expect(await at(300, 3)).toEqual({ allowed: false, failed: 0, usage: 5, retryAfterMs: 800 });
    expect(await at(1099, 3)).toEqual({ allowed: false, failed: 0, usage: 3, retryAfterMs: 1 });
    expect(await at(1100, 3)).toEqual({ allowed: true, usage: [5] });
    // Two exceeded counters: the wait is the longer one, the reported counter the first one.
    await store.consume({ checks: [check("short", 1, SECOND)], now: T0 });
    await store.consume({ checks: [check("long", 1, MINUTE)], now: T0 });
    expect(await store.consume({ checks: [check("short", 1, SECOND), check("long", 1, MINUTE)], now: T0 + 100 })).toEqual({
      allowed: false,
      failed: 0,
      usage: 1,
      retryAfterMs: 59_900,
    });
  },

  "never admits a request larger than a limit, and says so": async ({ store }) => {
    expect(await store.consume({ checks: [weighted(6, check("big", 5, MINUTE))], now: T0 })).toEqual({
      allowed: false,
      failed: 0,
      usage: 0,
      retryAfterMs: Number.POSITIVE_INFINITY,
    });
    expect(await store.consume({ checks: [weighted(5, check("big", 5, MINUTE))], now: T0 })).toEqual({ allowed: true, usage: [5] });
  },

  "reads a counter without consuming when units is 0": async ({ store }) => {
    await store.consume({ checks: [weighted(2, check("p", 3, MINUTE))], now: T0 });
    expect(await store.consume({ checks: [weighted(0, check("p", 3, MINUTE))], now: T0 })).toEqual({ allowed: true, usage: [2] });
    expect(await store.consume({ checks: [weighted(0, check("p", 3, MINUTE)), weighted(1, check("q", 3, MINUTE))], now: T0 })).toEqual({
      allowed: true,
      usage: [2, 1],
    });
    expect(await store.consume({ checks: [weighted(1, check("p", 3, MINUTE))], now: T0 })).toEqual({ allowed: true, usage: [3] });
  },

  "rejects malformed requests instead of guessing": async ({ store }) => {
    const bad: unknown[] = [
      { checks: [], now: T0 },
      { checks: [check("k", 1, MINUTE), check("k", 1, MINUTE)], now: T0 },
      { checks: [weighted(-1, check("k", 1, MINUTE))], now: T0 },
      { checks: [weighted(1.5, check("k", 1, MINUTE))], now: T0 },
      { checks: [check("k", 1, { kind: "rolling", ms: 0 })], now: T0 },
      { checks: [check("", 1, MINUTE)], now: T0 },
      { checks: [check("k", 1, MINUTE)], now: T0 + 0.5 },
    ];
    for (const input of bad) await expect(store.consume(input as never)).rejects.toBeInstanceOf(Error);
    // Nothing above was consumed.
    expect(await store.consume({ checks: [check("k", 1, MINUTE)], now: T0 })).toEqual({ allowed: true, usage: [1] });
  },

  "closes idempotently": async ({ store }) => {
    await store.close();
    await expect(store.close()).resolves.toBeUndefined();
  },
} satisfies Record<string, CounterStoreCase>;
