/** Time, injected so tests run on a manual clock. */
export interface Clock {
  now(): number;
}

export const SYSTEM_CLOCK: Clock = { now: () => Date.now() };

/** Identifiers, injected so tests are deterministic. */
export interface Ids {
  scanId(): string;
  jobId(): string;
}
