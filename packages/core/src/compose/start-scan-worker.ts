import type { Scanner } from "../ports/scanner.js";
import type { JobOutcome, ScanJobMessage } from "../ports/job-queue.js";
import { recoverInterruptedScans } from "../use-cases/recover-interrupted-scans.js";
import { runScanJob, type WorkerDeps } from "../use-cases/run-scan-job.js";
import type { Service } from "./create-service.js";
import { jobSlotOf } from "./service-job-slot.js";

export interface ScanWorkerOptions {
  scanner: Scanner;
  /** How long one job may run before it is stopped and its scan ends failed (default 120 s). */
  jobDeadlineMs?: number;
  /**
   * `sweep` (default): recover the scans dead workers left at start, then every half `staleAfterSeconds`.
   * `none`: the host recovers (a function that is frozen between invocations cannot sweep on a timer; it
   * calls `recoverInterruptedScans` from a schedule instead).
   */
  recovery?: "sweep" | "none";
  /** Told what a job threw (the scan ends failed; the worker goes on). */
  onJobError?: (error: unknown, scanId: string) => void;
}

export interface ScanWorker {
  /** The service's dependencies with the scanner's: what `runScanJob` takes. */
  deps: WorkerDeps;
  /** Runs one job, as the queue's handler does: for a host whose queue delivers jobs itself (SQS on Lambda). */
  run: (job: ScanJobMessage) => Promise<JobOutcome>;
  /** Stops the recovery sweep (the service's `close` does too); the service's `close` winds down the jobs. */
  close: () => Promise<void>;
}

/**
 * Runs the service's scan jobs in this process with the given scanner: the in-process or BullMQ queue of
 * the service calls it for each job. Recovers the scans a previous process left behind before taking new
 * work, and sweeps for scans of workers that die while this one lives.
 */
export async function startScanWorker(service: Service, options: ScanWorkerOptions): Promise<ScanWorker> {
  const slot = jobSlotOf(service.deps);
  if (slot.run !== undefined) throw new Error("this service already has a scan worker");
  const deps: WorkerDeps = {
    ...service.deps,
    scanner: options.scanner,
    jobDeadlineMs: options.jobDeadlineMs ?? 120_000,
    ...(options.onJobError ? { onJobError: options.onJobError } : {}),
    shutdown: slot.shutdown,
  };
  const run = (job: ScanJobMessage) => runScanJob(deps, job);
  slot.attach(run);
  const sweeping = (options.recovery ?? "sweep") === "sweep";
  try {
    if (sweeping) await recoverInterruptedScans(deps);
  } catch (error) {
    // Not started: the service may be given a worker again, and its jobs wait for it meanwhile.
    slot.run = undefined;
    throw error;
  }
  // Scans of workers that die while this process lives are taken over by a periodic sweep, stopped by the
  // worker's close or the service's, whichever comes first.
  const sweep = sweeping
    ? setInterval(
        () => void recoverInterruptedScans(deps).catch((error: unknown) => options.onJobError?.(error, "recovery")),
        Math.max(1000, (deps.config.staleAfterSeconds * 1000) / 2),
      )
    : undefined;
  sweep?.unref?.();
  slot.stopSweep = () => clearInterval(sweep);
  return {
    deps,
    run,
    close: () => {
      clearInterval(sweep);
      return Promise.resolve();
    },
  };
}
