import { randomBytes } from "node:crypto";
import {
  assertConsumeInput,
  evaluateConsume,
  toCounterExpiry,
  type ConsumeResult,
  type CounterCheck,
  type CounterStore,
} from "@public-scan/core";
import type { DynamoStoreOptions } from "./create-dynamo-connection.js";
import { createDynamoItems, type DynamoWriteResult } from "./create-dynamo-items.js";
import { toDynamoCounterItem, toDynamoCounterState, withUnits, type DynamoCounterState } from "./dynamo-counter-state.js";

export interface DynamoCounterStoreOptions extends DynamoStoreOptions {
  /**
   * Rounds of read-evaluate-write one consume may take when other requests keep winning the race for the
   * same counters; then it throws (nothing of it stays consumed). Default 100: a round lost means another
   * request wrote meanwhile, so in a burst of N requests on one counter the last may lose about N rounds
   * (32 was too few for 50 at once on a busy host: CI saw a request give up). With the jittered waits,
   * 100 rounds take about 5 s at most.
   */
  readonly maxAttempts?: number;
  /** Added to an item's TTL beyond its last bucket, to absorb clock skew between hosts. Default 60 s. */
  readonly ttlGraceMs?: number;
}

/** A write this request made to one counter, to take back if a later counter's write loses its race. */
interface Written {
  readonly check: CounterCheck;
  readonly expiresAt: number;
  readonly op: string;
  /** The state the write left, which the first undo attempt assumes (true unless another request wrote since). */
  readonly state: DynamoCounterState;
}

/** Bounds the undo of one counter; each failed round means another request wrote that counter meanwhile. */
const MAX_UNDO_ROUNDS = 64;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Full jitter, doubling from 2 ms up to 100 ms: racing requests spread out instead of colliding again. */
const backoff = (round: number) => Math.random() * Math.min(100, 2 * 2 ** round);

/**
 * The CounterStore on DynamoDB, on single-item conditional writes (no transactions: dynalite has none, and
 * a transaction costs twice). One item per counter holds its live buckets (expiry → units, as the Redis
 * hash; core's `toCounterExpiry` buckets them) and a version. A consume reads every counter (strongly
 * consistent GetItem), evaluates with core's `evaluateConsume` (the memory store's decision), and if allowed
 * writes each counter in request order with a PutItem conditional on the version it read. If a write finds
 * the version moved (another request wrote that counter meanwhile), the counters this request already wrote
 * are taken back, conditionally again, and the request starts over from the read, after a jittered wait.
 *
 * Guarantee (docs/dynamodb.md):
 * - No limit is ever overshot: each write replaces exactly the state its decision was made on, so a counter's
 *   stored total never exceeds its limit, and it never holds fewer units than the admitted requests consumed.
 * - All or nothing once it returns: an allowed request counts in every counter; a refused one (and one that
 *   throws) has taken back every unit it wrote before returning.
 * - What a concurrent observer can see: between a request's first write and its undo, its units count in the
 *   counters it wrote, so another consume (or a peek) may see a higher usage and be refused on it — a refusal
 *   a serial execution would not give, never an admission beyond a limit. With one counter there is no undo.
 * - A process that dies between writes, or a write whose fate a timeout hides, leaves units counted that no
 *   admitted request consumed until their bucket expires: an over-count, never an overshoot. A condition that
 *   fails after the SDK retried the request is checked against the item's recent write ids (the first attempt
 *   may have been applied).
 *
 * Cost per consume of n counters, k of which consume units (items stay under 1 KB: at most 21 buckets and 8
 * write ids): n strongly consistent GetItem (1 RCU each) and k conditional PutItem (1 WCU each); a peek (all
 * units 0) n RCU. A lost race costs its failed PutItem (1 WCU: a failed condition is charged), 1 WCU per counter
 * already written (plus 1 RCU per contended undo), and another round.
 */
export function createDynamoCounterStore(options: DynamoCounterStoreOptions): CounterStore {
  const items = createDynamoItems({ ...options, name: "DynamoDB counter store" });
  const maxAttempts = options.maxAttempts ?? 100;
  if (!(maxAttempts >= 1)) throw new RangeError("maxAttempts must be at least 1");
  const graceMs = Math.trunc(options.ttlGraceMs ?? 60_000);
  if (!(graceMs >= 1)) throw new RangeError("ttlGraceMs must be at least 1 ms");

  const read = async (key: string, now: number) => toDynamoCounterState(key, await items.get(key), now);

  /** Writes `next` over `previous` if the item is still at `previous.version`; true when it was (or, after a retry, had been) written. */
  async function writeOver(previous: DynamoCounterState, next: DynamoCounterState, now: number): Promise<boolean> {
    const condition =
      previous.version === 0
        ? { expression: "attribute_not_exists(pk)" }
        : { expression: "#version = :version", names: { "#version": "version" }, values: { ":version": previous.version } };
    const result: DynamoWriteResult = await items.put(toDynamoCounterItem(next, { now, graceMs }), condition);
    if (result.written) return true;
    if (!result.retried) return false;
    const op = next.ops.at(-1)!;
    return (await read(previous.key, now)).ops.includes(op);
  }

  /** Takes back the units of one write: a conditional read-modify-write, repeated while other requests write the counter. */
  async function undo(written: Written, now: number): Promise<void> {
    const op = `${written.op}-undo`;
    let state: DynamoCounterState | undefined = written.state;
    for (let round = 0; round < MAX_UNDO_ROUNDS; round += 1) {
      state ??= await read(written.check.key, now);
      if (state.ops.includes(op)) return;
      // The bucket holds at least this write's units (units only leave a bucket by expiring, and `now` is fixed).
      const next = withUnits(state, { expiresAt: written.expiresAt, units: -written.check.units, op });
      if (await writeOver(state, next, now)) return;
      state = undefined;
    }
    throw new Error("DynamoDB counter store: could not take back units under contention; they count until they expire");
  }

  /** Writes every counter that consumes units; on a lost race, takes back what was written and answers false. */
  async function writeAll(input: { checks: readonly CounterCheck[]; states: DynamoCounterState[]; now: number; op: string }) {
    const done: Written[] = [];
    try {
      for (const [index, check] of input.checks.entries()) {
        if (check.units === 0) continue;
        const expiresAt = toCounterExpiry({ window: check.window, at: input.now });
        const op = `${input.op}.${index}`;
        const state = withUnits(input.states[index]!, { expiresAt, units: check.units, op });
        if (!(await writeOver(input.states[index]!, state, input.now))) break;
        done.push({ check, expiresAt, op, state });
      }
    } finally {
      // Reached with a lost race (or an error): the writes so far are taken back, the last one first.
      const wanted = input.checks.filter((check) => check.units > 0).length;
      if (done.length < wanted) for (const written of done.reverse()) await undo(written, input.now);
    }
    return done.length === input.checks.filter((check) => check.units > 0).length;
  }

  async function consume(input: Parameters<CounterStore["consume"]>[0]): Promise<ConsumeResult> {
    assertConsumeInput(input);
    const { checks, now } = input;
    const request = randomBytes(9).toString("base64url");
    for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
      const states = await Promise.all(checks.map((check) => read(check.key, now)));
      const result = evaluateConsume({
        checks,
        now,
        usage: states.map((state) => state.usage),
        liveEntries: (index) => states[index]!.entries,
      });
      if (!result.allowed || (await writeAll({ checks, states, now, op: `${request}.${attempt}` }))) return result;
      await sleep(backoff(attempt));
    }
    throw new Error(`DynamoDB counter store: ${maxAttempts} rounds lost to concurrent requests; nothing was consumed`);
  }

  return {
    capabilities: { sharedAcrossProcesses: true },
    consume,
    close: () => items.close(),
  };
}
