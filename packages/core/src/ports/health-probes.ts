/** A part of the deployment as health and readiness report it: working, or not (the cause stays in logs). */
export type ComponentStatus = "ok" | "degraded";

/**
 * Checks of the parts of a deployment other than the scan store (which core probes itself), supplied by
 * the host that has them. A host leaves a check out when the part is not its own: an API process that only
 * enqueues has no scanner; a worker serves no HTTP.
 */
export interface HealthProbes {
  /** The job queue: reachable, and not so far behind that new scans would wait past their deadline. */
  queue?: () => Promise<ComponentStatus>;
  /** This process's scanner: its browser runs, or can be started. */
  scanner?: () => Promise<ComponentStatus>;
}
