import { INTERRUPTED_ERROR } from "./recover-stale-scan.js";
import { targetKeyOf } from "./normalize-target.js";
import type { ServiceDeps } from "./service-deps.js";

const UNFINISHED = new Set(["queued", "running", "finalizing"]);

/**
 * A job its queue gave up on (a handler that kept throwing used its attempts, or its workers kept dying):
 * its scan, if still unfinished, ends `failed` with the retryable error envelope at once, so nobody polls a
 * scan whose job will never run again. A compare-and-set: a scan that moved on meanwhile is left alone.
 */
export async function endAbandonedJob(deps: ServiceDeps, scanId: string): Promise<boolean> {
  const record = await deps.scans.get(scanId);
  if (record === null || !UNFINISHED.has(record.status)) return false;
  const at = new Date(deps.clock.now()).toISOString();
  const ended = await deps.scans.update(
    { ...record, status: "failed", sealedUrl: null, completedAt: at, lastHeartbeatAt: at, report: null, error: { ...INTERRUPTED_ERROR } },
    { expectedStatus: record.status, targetKey: targetKeyOf(record) },
  );
  return ended !== null;
}
