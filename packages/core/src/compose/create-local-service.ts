import type { WorkerDeps } from "../use-cases/run-scan-job.js";
import { createService, type CloseOptions, type ServiceOptions } from "./create-service.js";
import { startScanWorker, type ScanWorkerOptions } from "./start-scan-worker.js";

export type LocalServiceOptions = ServiceOptions & ScanWorkerOptions;

/**
 * The service and its scan worker in one process (the embedded default: a script, a test, a single
 * server): `createService` and `startScanWorker` composed, closed together.
 */
export async function createLocalService(
  options: LocalServiceOptions,
): Promise<{ deps: WorkerDeps; close: (options?: CloseOptions) => Promise<void> }> {
  const { scanner, jobDeadlineMs, recovery, ...serviceOptions } = options;
  const service = createService(serviceOptions);
  const worker = await startScanWorker(service, {
    scanner,
    ...(jobDeadlineMs === undefined ? {} : { jobDeadlineMs }),
    ...(recovery === undefined ? {} : { recovery }),
    ...(options.onJobError === undefined ? {} : { onJobError: options.onJobError }),
  }).catch(async (error: unknown) => {
    // Nobody else holds this service: close its queue and store before the error goes on.
    await service.close({ graceMs: 0 });
    throw error;
  });
  return {
    deps: worker.deps,
    close: async (closeOptions) => {
      await worker.close();
      await service.close(closeOptions);
    },
  };
}
