import type { HealthProbes, JobQueue, Scanner } from "@public-scan/core";
import type { ServeConfig } from "./parse-serve-config.js";

/**
 * The health and readiness checks of one `pnpm serve` process, besides the scan store that core probes:
 * - the job queue answers its depth (in a cluster: BullMQ on Redis); an API process (roles `api`, `all`) is
 *   also degraded while `queueSaturatedAt` or more jobs wait, since a scan it accepted then would wait past
 *   its deadline. A worker is never unready for a long queue: draining it is its work.
 * - the scanner, only in a process that runs scans (an API process of a cluster has none: `null`).
 */
export function createServeProbes(input: { config: ServeConfig; queue: Pick<JobQueue, "depth">; scanner: Scanner | null }): HealthProbes {
  const { config, queue, scanner } = input;
  const checksBacklog = config.role !== "worker";
  return {
    queue: async () => {
      const { waiting } = await queue.depth();
      return checksBacklog && waiting >= config.queueSaturatedAt ? "degraded" : "ok";
    },
    ...(scanner?.probe === undefined ? {} : { scanner: () => scanner.probe!() }),
  };
}
