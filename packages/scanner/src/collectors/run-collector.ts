import type { CollectorReport } from "@public-scan/core";
import { TIMED_OUT, withTimeout } from "../timing/with-timeout.js";
import type { Collector, CollectorContext, CollectorOutcome, CollectorOutcomes, CollectorSet } from "./collector.js";

/** How a piece of collection within a budget ended; `value` is null unless it is `ok`. */
export interface BudgetedRun<T> {
  value: T | null;
  status: "ok" | "failed" | "timed_out";
  reason: string | null;
  durationMs: number;
}

/**
 * Runs one piece of collection within its time budget. A throw or an overrun becomes a status and a
 * reason code; the raw error message is never kept (it may quote a URL).
 */
export async function runWithinBudget<T>(budgetMs: number, run: () => Promise<T>): Promise<BudgetedRun<T>> {
  const started = Date.now();
  const ended = (status: BudgetedRun<T>["status"], reason: string | null, value: T | null = null) => ({
    value,
    status,
    reason,
    durationMs: Date.now() - started,
  });
  try {
    const result = await withTimeout(run(), { ms: budgetMs });
    return result === TIMED_OUT ? ended("timed_out", "collector_timeout") : ended("ok", null, result);
  } catch (error) {
    return ended("failed", toReasonCode(error));
  }
}

/** Runs one collector's `collect` within its budget: it fails alone, as a report that lowers coverage. */
export async function runCollector<Result>(collector: Collector<Result>, context: CollectorContext): Promise<CollectorOutcome<Result>> {
  const run = await runWithinBudget(collector.budgetMs, () => collector.collect(context));
  const report: CollectorReport = {
    id: collector.id,
    phase: context.phase,
    status: run.status,
    durationMs: run.durationMs,
    itemCount: run.status === "ok" ? collector.count(run.value as Result) : 0,
    reason: run.reason,
  };
  return { result: run.value, report };
}

/** A stable reason code for a collector failure. */
export function toReasonCode(error: unknown): string {
  const message = error instanceof Error ? error.message : "";
  if (/Target closed|Session closed|detached/i.test(message)) return "target_closed";
  if (/Execution context was destroyed/i.test(message)) return "context_destroyed";
  if (/timed? ?out/i.test(message)) return "collector_timeout";
  return "collector_error";
}

/**
 * Runs every registered collector of a visit in order, one after the other (they read the same page),
 * each within its budget and failing alone. A collector that could not attach to some target
 * (`setupFailures`) is reported as failed even when its collection went through: what it saw is partial.
 */
export async function runCollectors<Set extends CollectorSet>(
  collectors: Set,
  options: { context: CollectorContext; setupFailures?: ReadonlySet<string> },
): Promise<CollectorOutcomes<Set>> {
  const outcomes: Record<string, CollectorOutcome<unknown>> = {};
  for (const [name, collector] of Object.entries(collectors)) {
    const outcome = await runCollector(collector, options.context);
    const setupFailed = outcome.report.status === "ok" && options.setupFailures?.has(collector.id) === true;
    outcomes[name] = setupFailed ? { ...outcome, report: { ...outcome.report, status: "failed", reason: "target_setup_failed" } } : outcome;
  }
  return outcomes as CollectorOutcomes<Set>;
}
