import type { CounterEntry } from "@public-scan/core";
import type { DynamoItem } from "./create-dynamo-items.js";

/** How many recent write ids a counter item keeps: enough to recognise one's own write after an SDK retry. */
const KEPT_OPS = 8;

/**
 * One counter as read from its item: the live buckets (expiry → units, pruned at `now`, sorted by expiry),
 * their total, the version every write is conditional on (0: no item yet), and the ids of its recent writes.
 */
export interface DynamoCounterState {
  readonly key: string;
  readonly version: number;
  readonly entries: readonly CounterEntry[];
  readonly usage: number;
  readonly ops: readonly string[];
}

/** The state of a counter item (or of a missing one), with the buckets that expired by `now` dropped. */
export function toDynamoCounterState(key: string, item: DynamoItem | undefined, now: number): DynamoCounterState {
  const buckets = (item?.buckets ?? {}) as Record<string, unknown>;
  const entries = Object.entries(buckets)
    .map(([expiry, units]) => ({ expiresAt: Number(expiry), units: Number(units) }))
    .filter((entry) => entry.expiresAt > now && entry.units > 0)
    .sort((a, b) => a.expiresAt - b.expiresAt);
  return {
    key,
    version: item === undefined ? 0 : Number(item.version),
    entries,
    usage: entries.reduce((sum, entry) => sum + entry.units, 0),
    ops: Array.isArray(item?.ops) ? (item.ops as string[]) : [],
  };
}

/**
 * The next state after a write: `units` (negative to take back) added to the bucket that expires at `expiresAt`,
 * an emptied bucket dropped, the version one up, and `op` remembered.
 */
export function withUnits(state: DynamoCounterState, change: { expiresAt: number; units: number; op: string }): DynamoCounterState {
  const merged = new Map(state.entries.map((entry) => [entry.expiresAt, entry.units]));
  merged.set(change.expiresAt, (merged.get(change.expiresAt) ?? 0) + change.units);
  const entries = [...merged]
    .filter(([, units]) => units > 0)
    .map(([expiresAt, units]) => ({ expiresAt, units }))
    .sort((a, b) => a.expiresAt - b.expiresAt);
  return {
    key: state.key,
    version: state.version + 1,
    entries,
    usage: entries.reduce((sum, entry) => sum + entry.units, 0),
    ops: [...state.ops.slice(-(KEPT_OPS - 1)), change.op],
  };
}

/**
 * The item of a state. `expiresAt` (epoch seconds, the table's TTL attribute) is when DynamoDB may delete the
 * item: its last bucket's expiry, measured from the host's clock as the Redis store's PEXPIRE is, plus a grace
 * for clock skew. TTL only collects idle counters (DynamoDB deletes within days, not at once): every read
 * prunes by the callers' `now`, so correctness never depends on it.
 */
export function toDynamoCounterItem(state: DynamoCounterState, input: { now: number; graceMs: number }): DynamoItem & { pk: string } {
  const last = state.entries.at(-1)?.expiresAt ?? input.now;
  return {
    pk: state.key,
    buckets: Object.fromEntries(state.entries.map((entry) => [String(entry.expiresAt), entry.units])),
    version: state.version,
    ops: [...state.ops],
    expiresAt: Math.ceil((Date.now() + (last - input.now) + input.graceMs) / 1000),
  };
}
