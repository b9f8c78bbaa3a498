import { TIMED_OUT, withTimeout } from "../timing/with-timeout.js";

export type BudgetOutcome<T> = { status: "done"; value: T } | { status: "timed_out" | "failed" | "no_time" };

/** Below this, a phase is not started at all: it could not even load a page. */
const MIN_BUDGET_MS = 1000;

/**
 * Runs one phase within its time budget. The phase gets a signal that aborts when the budget is spent (it
 * closes what it opened); a phase that throws or overruns becomes a status, never an error. Only the
 * scan's own signal (cancel, shutdown) propagates, as the AbortError it carries.
 */
export async function withBudget<T>(options: {
  budgetMs: number;
  signal?: AbortSignal;
  run: (signal: AbortSignal) => Promise<T>;
}): Promise<BudgetOutcome<T>> {
  options.signal?.throwIfAborted();
  if (options.budgetMs < MIN_BUDGET_MS) return { status: "no_time" };
  const budget = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, budget.signal]) : budget.signal;
  try {
    // A phase cut short still settles later (its context closing under it); withTimeout ignores that.
    const result = await withTimeout(options.run(signal), { ms: options.budgetMs });
    if (result === TIMED_OUT) {
      budget.abort();
      return { status: "timed_out" };
    }
    return { status: "done", value: result };
  } catch {
    options.signal?.throwIfAborted();
    return { status: "failed" };
  } finally {
    options.signal?.throwIfAborted();
  }
}
