import type { ServiceDeps } from "@public-scan/core";

/** Statuses a scan leaves by itself; anything else is final for waiting (completed, failed, expired...). */
const ACTIVE = new Set(["queued", "pending", "running", "finalizing"]);
/** How often the store is read while waiting: a local read, cheaper than any client's poll. */
const STORE_POLL_MS = 500;

export interface WaitForScanInput {
  scanId: string;
  waitMs: number;
  signal: AbortSignal;
  /** Called when the scan's progress changes, for MCP progress notifications. */
  onProgress?: (progress: { percent: number; phase: string }) => Promise<void> | void;
}

/**
 * Waits until the scan ends, the wait is over or the request is cancelled; true when it ended. The wait
 * reads the store directly and charges nothing: it is one tool call, and its answer is charged once.
 */
export async function waitForScan(deps: Pick<ServiceDeps, "scans">, input: WaitForScanInput): Promise<boolean> {
  const deadline = Date.now() + input.waitMs;
  let reported = -1;
  for (;;) {
    const record = await deps.scans.get(input.scanId);
    if (record === null || !ACTIVE.has(record.status)) return true;
    if (input.onProgress !== undefined && record.progressPercent !== reported) {
      reported = record.progressPercent;
      await input.onProgress({ percent: record.progressPercent, phase: record.phase });
    }
    const left = deadline - Date.now();
    if (left <= 0 || input.signal.aborted) return false;
    await pause(Math.min(STORE_POLL_MS, left), input.signal);
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}
