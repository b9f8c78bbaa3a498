import type { CollectorReport } from "@public-scan/core";
import type { Collector, CollectorContext, CollectorOutcome } from "./collector.js";

/**
 * Runs one collector's `collect` within its time budget. A throw or a timeout becomes a report with a
 * reason code; the raw error message is never kept (it may quote a URL).
 */
export async function runCollector<Result>(collector: Collector<Result>, context: CollectorContext): Promise<CollectorOutcome<Result>> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), collector.budgetMs);
  });
  const report = (status: CollectorReport["status"], itemCount: number, reason: string | null): CollectorReport => ({
    id: collector.id,
    phase: context.phase,
    status,
    durationMs: Date.now() - started,
    itemCount,
    reason,
  });
  try {
    const result = await Promise.race([collector.collect(context), timeout]);
    if (result === "timeout") return { result: null, report: report("timed_out", 0, "collector_timeout") };
    return { result, report: report("ok", collector.count(result), null) };
  } catch (error) {
    return { result: null, report: report("failed", 0, toReasonCode(error)) };
  } finally {
    clearTimeout(timer);
  }
}

/** A stable reason code for a collector failure. */
export function toReasonCode(error: unknown): string {
  const message = error instanceof Error ? error.message : "";
  if (/Target closed|Session closed|detached/i.test(message)) return "target_closed";
  if (/Execution context was destroyed/i.test(message)) return "context_destroyed";
  if (/timed? ?out/i.test(message)) return "collector_timeout";
  return "collector_error";
}
