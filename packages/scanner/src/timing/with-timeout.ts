/** What `withTimeout` settles to when the time ran out (or the signal aborted) first. */
export const TIMED_OUT: unique symbol = Symbol("timed out");

export interface TimeLimit {
  /** Longest wait; a negative value is no wait. */
  ms: number;
  /** Ends the wait early, as a timeout. */
  signal?: AbortSignal | undefined;
}

/**
 * The scanner's one "wait at most" helper: settles like `promise`, or to `TIMED_OUT` after `limit.ms` or
 * when `limit.signal` aborts, whichever comes first. Callers decide what running out means (a status, a
 * null, a reason code). A rejection of `promise` rejects; one that comes after the timeout is expected
 * (the work was cut short) and ignored. The timer never outlives the wait.
 */
export async function withTimeout<T>(promise: Promise<T>, limit: TimeLimit): Promise<T | typeof TIMED_OUT> {
  promise.catch(() => undefined);
  if (limit.signal?.aborted === true) return TIMED_OUT;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const stop = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), Math.max(0, limit.ms));
    onAbort = () => resolve(TIMED_OUT);
    limit.signal?.addEventListener("abort", onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, stop]);
  } finally {
    clearTimeout(timer);
    if (onAbort) limit.signal?.removeEventListener("abort", onAbort);
  }
}
