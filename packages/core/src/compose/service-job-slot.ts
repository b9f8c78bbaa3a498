import type { JobOutcome, ScanJobMessage } from "../ports/job-queue.js";
import type { ServiceDeps } from "../use-cases/service-deps.js";

/**
 * What a service keeps for the scan worker that may join it in the same process: the runner its queue's
 * handler calls, and the signal that tells running jobs the process is shutting down. Private to
 * `compose/`: a host reaches it only through `startScanWorker`.
 */
export interface ServiceJobSlot {
  run: ((job: ScanJobMessage) => Promise<JobOutcome>) | undefined;
  readonly shutdown: AbortSignal;
}

const SLOTS = new WeakMap<ServiceDeps, ServiceJobSlot>();

export function bindJobSlot(deps: ServiceDeps, slot: ServiceJobSlot): void {
  SLOTS.set(deps, slot);
}

/** The slot of a service made by `createService`; anything else is a wiring error, said as such. */
export function jobSlotOf(deps: ServiceDeps): ServiceJobSlot {
  const slot = SLOTS.get(deps);
  if (slot === undefined) throw new Error("startScanWorker needs a service made by createService");
  return slot;
}
