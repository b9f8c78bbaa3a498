import type { CreateScanRequest, Scan, ScanJob, ScanOrJob } from "@public-scan/core/contract";
import { ScanFailedError, ServiceApiError, TimeoutError } from "./client-errors.js";
import type { CallOptions } from "./client-options.js";
import type { ClientResponse } from "./send-request.js";
import { sleep } from "./sleep.js";

export interface WaitOptions {
  signal?: AbortSignal;
  /** The whole wait's budget in milliseconds (default 10 minutes); past it, `TimeoutError` names the scan. */
  timeoutMs?: number;
  /** Each active ScanJob seen while waiting (phase, progress, heartbeat, stalled). */
  onProgress?: (job: ScanJob) => void;
}

interface StatusReader {
  getScanStatus(scanId: string, call?: CallOptions): Promise<ClientResponse<ScanOrJob>>;
  createScan(body: CreateScanRequest, call?: CallOptions): Promise<ClientResponse<ScanOrJob>>;
}

const ACTIVE = new Set(["queued", "pending", "running", "finalizing"]);
const DEFAULT_WAIT_MS = 10 * 60_000;
/** The shortest pause between two polls, whatever the answers say. */
const MIN_POLL_SECONDS = 1;

/** The end of a job: its Scan when it completed, else a ScanFailedError. */
function settle(body: ScanOrJob): Scan | null {
  if (body.type === "service_scan") return body;
  if (ACTIVE.has(body.status)) return null;
  throw new ScanFailedError(body);
}

/**
 * Polls a scan's status until it ends, each time after the Retry-After the service gave (never sooner, never
 * under a second), and never again once it is terminal. A 429 is waited out once, then one retrieval; a
 * second 429 is thrown. The scan's ID is in the TimeoutError when the budget runs out, to resume later.
 */
export async function waitForScan(
  client: StatusReader,
  scanId: string,
  options: WaitOptions & { /** A wait before the first poll (the creation's Retry-After). */ firstDelaySeconds?: number } = {},
): Promise<Scan> {
  const firstDelaySeconds = options.firstDelaySeconds ?? 0;
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_WAIT_MS);
  const pause = async (seconds: number) => {
    const ms = Math.max(MIN_POLL_SECONDS, seconds) * 1000;
    if (Date.now() + ms > deadline) throw new TimeoutError(`scan ${scanId} did not end within the wait budget`, "getScanStatus", scanId);
    await sleep(ms, options.signal);
  };
  const call: CallOptions = options.signal === undefined ? {} : { signal: options.signal };
  if (firstDelaySeconds > 0) await pause(firstDelaySeconds);
  let limited = false;
  for (;;) {
    let answer: ClientResponse<ScanOrJob>;
    try {
      answer = await client.getScanStatus(scanId, call);
    } catch (error) {
      if (!(error instanceof ServiceApiError) || error.code !== "rate_limited" || limited) throw error;
      limited = true;
      await pause(error.retryAfterSeconds ?? 60);
      continue;
    }
    limited = false;
    const scan = settle(answer.body);
    if (scan !== null) return scan;
    const job = answer.body as ScanJob;
    options.onProgress?.(job);
    await pause(answer.retryAfterSeconds ?? job.retryAfterSeconds);
  }
}

/** Creates (or reuses, or joins) a scan and waits for its result. */
export async function scanAndWait(client: StatusReader, request: CreateScanRequest, options: WaitOptions = {}): Promise<Scan> {
  const created = await client.createScan(request, options.signal === undefined ? {} : { signal: options.signal });
  const scan = settle(created.body);
  if (scan !== null) return scan;
  const job = created.body as ScanJob;
  options.onProgress?.(job);
  return waitForScan(client, job.scanId, { ...options, firstDelaySeconds: created.retryAfterSeconds ?? job.retryAfterSeconds });
}
