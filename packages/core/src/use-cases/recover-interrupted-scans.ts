import { isStale } from "./is-stale.js";
import { targetKeyOf } from "./normalize-target.js";
import type { ServiceDeps } from "./service-deps.js";

const INTERRUPTED = {
  code: "internal_error",
  message: "The scan was interrupted and could not be completed. Start a new scan.",
  retryable: true,
  retryAfterSeconds: 30,
  recommendedNextAction: "retry_after_delay",
} as const;

/**
 * At start: scans a dead process left behind. Queued ones are queued again; running ones whose heartbeat
 * is stale are retried while they have attempts left, else they end failed (never completed with guessed
 * results). Running scans with a recent heartbeat belong to another live worker and are left alone.
 */
export async function recoverInterruptedScans(deps: ServiceDeps): Promise<{ requeued: number; failed: number }> {
  let requeued = 0;
  let failed = 0;
  for (const record of await deps.scans.listActive()) {
    const targetKey = targetKeyOf(record);
    if (record.status === "queued") {
      await deps.queue.enqueue({ scanId: record.scanId });
      requeued += 1;
    } else if (!isStale(record, { now: deps.clock.now(), staleAfterSeconds: deps.config.staleAfterSeconds })) {
      // Its heartbeat is recent: another live worker (sharing this store) is running it. Leave it alone.
      continue;
    } else if (record.attempts < deps.config.maxAttempts) {
      const stored = await deps.scans.update(
        { ...record, status: "queued", phase: "queued" },
        { expectedStatus: record.status, targetKey },
      );
      if (stored !== null) {
        await deps.queue.enqueue({ scanId: record.scanId });
        requeued += 1;
      }
    } else {
      const at = new Date(deps.clock.now()).toISOString();
      const stored = await deps.scans.update(
        { ...record, status: "failed", completedAt: at, error: { ...INTERRUPTED } },
        { expectedStatus: record.status, targetKey },
      );
      if (stored !== null) failed += 1;
    }
  }
  return { requeued, failed };
}
