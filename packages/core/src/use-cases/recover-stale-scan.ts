import type { ScanRecord } from "../domain/scan-record.js";
import { targetKeyOf } from "./normalize-target.js";
import type { ServiceDeps } from "./service-deps.js";

/**
 * The error of a scan whose run was lost on its last attempt: its worker died (a crash, an out-of-memory
 * kill, a restart) while scanning it every time it ran, or its job was given up on. A page can take a worker
 * down, so the scan is not run into the same crash again, and the message says so.
 */
export const INTERRUPTED_ERROR = {
  code: "internal_error",
  message:
    "The scan was interrupted each time it ran: the process scanning it stopped (a crash, an out-of-memory kill or a restart, which a page can cause), so it is not retried again. Start a new scan to try once more.",
  retryable: true,
  retryAfterSeconds: 30,
  recommendedNextAction: "retry_after_delay",
} as const;

/**
 * A `pending` record is a new scan's reservation while its request is checked (quota, target policy); that
 * takes well under a second. One older than this belongs to a process that died mid-request: it is discarded.
 */
export const PENDING_STALE_AFTER_MS = 30_000;

/**
 * Takes over one active scan whose worker is gone: a stale reservation (`pending`) is discarded, so it
 * never blocks its target; a queued scan is queued here again; a running or
 * finalizing one whose heartbeat is stale is retried while it has attempts left, else it ends failed (never
 * completed with guessed results). A scan with a recent heartbeat belongs to a live worker: left alone.
 * Each move is a compare-and-set, so two processes sweeping at once take a scan over once.
 */
export async function recoverStaleScan(deps: ServiceDeps, record: ScanRecord): Promise<"requeued" | "failed" | "discarded" | "left"> {
  const targetKey = targetKeyOf(record);
  if (record.status === "pending") {
    if (!isStalePending(record, deps.clock.now())) return "left";
    return (await deps.scans.discardPending(record.scanId, { targetKey })) ? "discarded" : "left";
  }
  if (record.status === "queued") {
    await deps.queue.enqueue({ scanId: record.scanId });
    return "requeued";
  }
  if (!isStale(record, { now: deps.clock.now(), staleAfterSeconds: deps.config.staleAfterSeconds })) return "left";
  const taken = await takeOverAbandonedScan(deps, record);
  if (taken === null) return "left";
  if (taken.status === "failed") return "failed";
  await deps.queue.enqueue({ scanId: record.scanId });
  return "requeued";
}

/**
 * Takes over a running or finalizing scan whose worker is known to be gone (its heartbeat is stale, or the
 * job queue redelivered its job because the worker lost the job's lock): back to queued while it has
 * attempts left, else failed (never completed with guessed results). A compare-and-set on the status, so
 * of several processes taking it over at once, one does; null for the others. Does not enqueue.
 */
export async function takeOverAbandonedScan(deps: ServiceDeps, record: ScanRecord): Promise<ScanRecord | null> {
  const targetKey = targetKeyOf(record);
  if (record.attempts < deps.config.maxAttempts) {
    return deps.scans.update(
      { ...record, status: "queued", phase: "queued", progressPercent: 0 },
      { expectedStatus: record.status, targetKey },
    );
  }
  const at = new Date(deps.clock.now()).toISOString();
  return deps.scans.update(
    { ...record, status: "failed", sealedUrl: null, completedAt: at, error: { ...INTERRUPTED_ERROR } },
    { expectedStatus: record.status, targetKey },
  );
}

/**
 * A running scan whose heartbeat stopped long ago belongs to a dead or hung worker. Queued scans are not
 * stale by age: they wait for a worker, and recovery queues them again at start.
 */
export function isStale(record: ScanRecord, options: { now: number; staleAfterSeconds: number }): boolean {
  if (record.status !== "running" && record.status !== "finalizing") return false;
  return options.now - Date.parse(record.lastHeartbeatAt) > options.staleAfterSeconds * 1000;
}

/** A reservation whose request never finished (see PENDING_STALE_AFTER_MS). */
export function isStalePending(record: ScanRecord, now: number): boolean {
  return record.status === "pending" && now - Date.parse(record.createdAt) > PENDING_STALE_AFTER_MS;
}
