import type { JobOutcome, ScanJobMessage } from "../ports/job-queue.js";
import type { ServiceDeps } from "../use-cases/service-deps.js";

/** Runs one job with the scanner of the worker started in this process. */
export type JobRunner = (job: ScanJobMessage) => Promise<JobOutcome>;

/**
 * What a service keeps for the scan worker that may join it in the same process: the runner its queue's
 * handler calls (jobs that arrive before it wait for it), the sweep to stop at close, and the signal that
 * tells running jobs the process is shutting down. Private to `compose/`: a host reaches it only through
 * `startScanWorker`.
 */
export interface ServiceJobSlot {
  run: JobRunner | undefined;
  stopSweep: (() => void) | undefined;
  readonly shutdown: AbortSignal;
  /** Binds the runner and lets the jobs waiting for it run. */
  attach(run: JobRunner): void;
}

// Symbol.for and a property of the deps object rather than a module's WeakMap: a service made by one copy of
// core is still recognised by another copy's startScanWorker (a host bundling its own).
const SLOT = Symbol.for("@public-scan/core:service-job-slot");

export function bindJobSlot(deps: ServiceDeps, slot: ServiceJobSlot): void {
  Object.defineProperty(deps, SLOT, { value: slot, enumerable: false });
}

/** The slot of a service made by `createService`; anything else is a wiring error, said as such. */
export function jobSlotOf(deps: ServiceDeps): ServiceJobSlot {
  const slot = (deps as ServiceDeps & { [SLOT]?: ServiceJobSlot })[SLOT];
  if (slot === undefined) throw new Error("startScanWorker needs a service made by createService");
  return slot;
}
