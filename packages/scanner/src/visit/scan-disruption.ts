import { AsyncLocalStorage } from "node:async_hooks";
import type { BrowserContext } from "puppeteer-core";

/** How a page broke the visit instead of being observed. */
export type DisruptionCause = "oversized_message" | "renderer_crashed" | "unresponsive";

/** Thrown into a disrupted scan's work (as its signal's reason), and recognised by the scanner. */
export class ScanDisruptedError extends Error {
  constructor(readonly cause_: DisruptionCause) {
    super(`the page disrupted the scan (${cause_})`);
    this.name = "ScanDisruptedError";
  }
}

/** One scan's disruption: its signal (aborted on disruption) and what disrupted it, if anything did. */
export interface ScanDisruption {
  /** The scan's signal with the disruption added: pass it wherever the scan's signal goes. */
  readonly signal: AbortSignal;
  /** The first disruption's cause, or null while the page behaves. */
  cause(): DisruptionCause | null;
  /** Runs the scan's work: every context opened inside it, however deep, belongs to this scan. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

type Disrupt = (cause: DisruptionCause) => void;

// The scan whose work is running (async context: the policy fetch and the phases' fresh visits included), and
// which scan each browser context belongs to. Weak: closed contexts are forgotten with them.
const CURRENT_SCAN = new AsyncLocalStorage<Disrupt>();
const CONTEXT_OWNERS = new WeakMap<BrowserContext, Disrupt>();

/**
 * Starts a scan's disruption tracking. A page can break a visit in ways that leave nothing to observe: a
 * message to the scanner over its byte cap, a renderer that crashed (out of memory, killed), a main thread
 * that does not answer a short read for many seconds (a script that spins or builds giant strings). The scan is then
 * stopped at once through its signal, which closes every context it opened, and reports a no-go instead of
 * waiting out its deadline or presenting a broken visit as evidence.
 */
export function createScanDisruption(signal: AbortSignal): ScanDisruption {
  const controller = new AbortController();
  let cause: DisruptionCause | null = null;
  const combined = AbortSignal.any([signal, controller.signal]);
  const disrupt: Disrupt = (next) => {
    if (cause !== null || combined.aborted) return;
    cause = next;
    controller.abort(new ScanDisruptedError(next));
  };
  return { signal: combined, cause: () => cause, run: (work) => CURRENT_SCAN.run(disrupt, work) };
}

/** Records that `context` belongs to the scan running now, if any (`openGuardedContext` does, for every context). */
export function bindContextToScan(context: BrowserContext): void {
  const disrupt = CURRENT_SCAN.getStore();
  if (disrupt !== undefined) CONTEXT_OWNERS.set(context, disrupt);
}

/** Disrupts the scan that `context` belongs to; a context of no tracked scan is left alone. */
export function disruptScanOf(context: BrowserContext, cause: DisruptionCause): void {
  CONTEXT_OWNERS.get(context)?.(cause);
}
