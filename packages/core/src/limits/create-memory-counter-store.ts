import { assertConsumeInput } from "./evaluate-consume.js";
import type { ConsumeInput, ConsumeResult, CounterStore } from "../ports/counter-store.js";
import { evaluateConsume } from "./evaluate-consume.js";
import type { CounterEntry } from "./evaluate-consume.js";
import { toCounterExpiry } from "./counter-window.js";

export interface MemoryCounterStoreOptions {
  /** How often (in the callers' `now`) idle keys are swept, so a long-lived process does not grow. Default 60 s. */
  readonly sweepIntervalMs?: number;
}

/**
 * A sliding log of one counter: entries sorted by expiry, equal expiries merged, plus their running total.
 * Expiries are bucketed (`toCounterExpiry`), so a rolling counter holds at most `ROLLING_WINDOW_BUCKETS + 1` live entries.
 */
interface SlidingLog {
  entries: { expiresAt: number; units: number }[];
  total: number;
}

function prune(log: SlidingLog, now: number): void {
  let expired = 0;
  while (expired < log.entries.length && log.entries[expired]!.expiresAt <= now) {
    log.total -= log.entries[expired]!.units;
    expired += 1;
  }
  if (expired > 0) log.entries.splice(0, expired);
}

function append(log: SlidingLog, entry: CounterEntry): void {
  log.total += entry.units;
  // Callers' clocks normally only move forward, so the new entry usually goes last; search from the end
  // to stay correct (and sorted) when they do not.
  let index = log.entries.length;
  while (index > 0 && log.entries[index - 1]!.expiresAt > entry.expiresAt) index -= 1;
  const previous = log.entries[index - 1];
  if (previous !== undefined && previous.expiresAt === entry.expiresAt) previous.units += entry.units;
  else log.entries.splice(index, 0, { ...entry });
}

/**
 * The in-process CounterStore: sliding logs in a Map, with the bucketed expiries every store shares.
 * JavaScript runs one consume to completion before the next, so check-and-consume is atomic without a lock. Not shared across processes: use the
 * SQLite or Redis store from `@public-scan/storage` for that.
 */
export function createMemoryCounterStore(options: MemoryCounterStoreOptions = {}): CounterStore {
  const sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
  const logs = new Map<string, SlidingLog>();
  let lastSweep = Number.NEGATIVE_INFINITY;

  function sweep(now: number): void {
    if (now - lastSweep < sweepIntervalMs) return;
    lastSweep = now;
    for (const [key, log] of logs) {
      prune(log, now);
      if (log.entries.length === 0) logs.delete(key);
    }
  }

  function consumeNow(input: ConsumeInput): ConsumeResult {
    assertConsumeInput(input);
    const { checks, now } = input;
    sweep(now);
    const current = checks.map((check) => {
      const log = logs.get(check.key) ?? { entries: [], total: 0 };
      prune(log, now);
      return log;
    });
    const result = evaluateConsume({
      checks,
      now,
      usage: current.map((log) => log.total),
      liveEntries: (index) => current[index]!.entries,
    });
    if (result.allowed) {
      checks.forEach((check, index) => {
        if (check.units === 0) return;
        const log = current[index]!;
        append(log, { expiresAt: toCounterExpiry({ window: check.window, at: now }), units: check.units });
        logs.set(check.key, log);
      });
    }
    return result;
  }

  return {
    capabilities: { sharedAcrossProcesses: false },
    // The executor runs synchronously (atomic in-process); a bad input becomes a rejection, as elsewhere.
    consume: (input) => new Promise((resolve) => resolve(consumeNow(input))),
    close() {
      logs.clear();
      return Promise.resolve();
    },
  };
}
