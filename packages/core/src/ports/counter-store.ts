/**
 * The CounterStore port: quota and rate-limit counters with one atomic check-and-consume across several
 * counters (ARCHITECTURE.md "Storage"). keyv cannot do this, so the port has its own memory,
 * SQLite and Redis implementations, all held to the same conformance suite (`@public-scan/storage/testing`).
 */

/**
 * How long consumed units count. `rolling` is a sliding window counted in buckets of `b = ceil(ms / 20)`:
 * units consumed at `t` count while `now < ceil(t / b) * b + ms`, i.e. for the whole window and at most
 * `b - 1` ms longer (`toCounterExpiry`), so a rolling limit is never exceeded within any `ms`. `utc_day`
 * counts units until the next 00:00 UTC after they were consumed.
 */
export type CounterWindow = { readonly kind: "rolling"; readonly ms: number } | { readonly kind: "utc_day" };

/** One counter of a request: consume `units` from `key` if its usage in `window` stays within `limit`. */
export interface CounterCheck {
  /** Identifies the counter. Built by the caller; must not contain a raw secret or personal identifier. */
  readonly key: string;
  /** Largest usage allowed in the window (inclusive). */
  readonly limit: number;
  readonly window: CounterWindow;
  /** Non-negative integer. 0 reads the counter without consuming (a peek). */
  readonly units: number;
}

export interface ConsumeInput {
  /** Distinct keys; evaluated in order, consumed all or nothing. */
  readonly checks: readonly CounterCheck[];
  /** Epoch milliseconds (an integer). Passed in rather than read, so tests drive the clock. */
  readonly now: number;
}

export type ConsumeResult =
  | {
      readonly allowed: true;
      /** Usage of each check after consuming, in the order of `checks`. */
      readonly usage: number[];
    }
  | {
      readonly allowed: false;
      /** Index of the first check that would exceed its limit. */
      readonly failed: number;
      /** Usage of that check before this request (nothing was consumed). */
      readonly usage: number;
      /**
       * Milliseconds until enough units have expired in every exceeded counter for this request to fit,
       * if nothing else is consumed meanwhile. `Infinity` when a check asks for more units than its limit.
       */
      readonly retryAfterMs: number;
    };

export interface CounterStoreCapabilities {
  /** True when several processes (or hosts) sharing the same backing store see the same counters. */
  readonly sharedAcrossProcesses: boolean;
}

export interface CounterStore {
  /**
   * Checks every counter and, only if all of them fit, consumes from all of them, atomically with respect
   * to every other consume on the same counters. A refused request consumes nothing in any counter.
   */
  consume(input: ConsumeInput): Promise<ConsumeResult>;
  /** Releases what the store opened; idempotent. */
  close(): Promise<void>;
  readonly capabilities: CounterStoreCapabilities;
}
