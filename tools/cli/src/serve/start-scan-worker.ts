import { createLocalService } from "@public-scan/core";
import { createProbeApp, serveRestApp } from "@public-scan/http-h3";
import { composeServeCommand } from "./compose-serve-command.js";
import { createServeQueue } from "./create-serve-queue.js";
import { createServeProbes } from "./create-serve-probes.js";
import type { ServeConfig } from "./parse-serve-config.js";
import { prepareServeProcess } from "./prepare-serve-process.js";
import type { ServeExtras } from "./start-reference-server.js";

export interface ScanWorker {
  /** Scans this process runs at the same time. */
  concurrency: number;
  /** Where /livez and /readyz answer (PUBLIC_SCAN_PROBE_PORT), or null. */
  probeUrl: string | null;
  /** Stops taking jobs; running scans get the grace period, then go back to the queue for another worker. */
  close: () => Promise<void>;
}

/**
 * A worker process of a cluster (`pnpm serve --role worker --redis-url …`): takes scan jobs from BullMQ and
 * runs them with its own browser pool, writing progress and results to the Redis scan store. It serves no
 * HTTP and never charges quota (the API process that queued the scan did). It also sweeps for scans whose
 * worker died, like every process of the cluster.
 */
export async function startScanWorker(
  config: ServeConfig,
  log: (line: string) => void = () => {},
  extras: Pick<ServeExtras, "observability"> = {},
): Promise<ScanWorker> {
  const observer = extras.observability?.observer;
  if (config.role !== "worker") throw new Error("startScanWorker runs the worker role");
  const prepared = await prepareServeProcess(config, log);
  const { storage } = prepared;
  if (storage.kind !== "redis") {
    await prepared.close();
    throw new Error("--role worker needs --redis-url");
  }
  const { scans, keys, counters, scanner } = composeServeCommand({
    scanner: prepared.scannerOptions,
    storage,
    identifierSecret: prepared.identifierSecret,
    ...(observer === undefined ? {} : { observer }),
  });
  const service = await createLocalService({
    scanner,
    scans,
    queue: createServeQueue({ config, storage, log }),
    // The secret that sealed a queued scan's query string in the API process, so this one can visit it.
    targetSecret: prepared.identifierSecret,
    // Links are never rendered here; the setting is required by the service's configuration.
    config: { baseUrl: config.baseUrl ?? "http://localhost", ...config.service },
    onJobError: (error, scanId) => log(`scan ${scanId} failed: ${error instanceof Error ? error.message : String(error)}`),
    ...(observer === undefined ? {} : { observer }),
  });
  extras.observability?.watch({ queue: service.deps.queue, browserPool: scanner, browserPoolSlots: config.concurrency });
  // Readiness of a worker: Redis answers (the scan store's probe) and its browser runs or can start.
  const probes =
    config.probePort === null
      ? null
      : await serveRestApp({
          app: createProbeApp({
            scans,
            probes: createServeProbes({ config, queue: service.deps.queue, scanner }),
            onProbeError: (error) => log(`readiness: ${error instanceof Error ? error.message : String(error)}`),
          }),
          host: config.host,
          port: config.probePort,
        });
  return {
    concurrency: config.concurrency,
    probeUrl: probes?.url ?? null,
    close: async () => {
      await probes?.close({ graceMs: 1000 });
      await service.close({ graceMs: config.shutdownGraceMs });
      await scanner.close();
      await Promise.all([counters.close(), keys.close()]);
      await prepared.close();
    },
  };
}
