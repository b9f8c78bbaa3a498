// The composition of a cluster's worker process (role `worker`), read top to bottom. reflect-metadata is
// tsyringe's prerequisite and is imported first.
import "reflect-metadata";
import { createService, PORTS, startScanWorker, usePort } from "@public-scan/core";
import { createProbeApp, serveRestApp } from "@public-scan/http-h3";
import { createPuppeteerScanner } from "@public-scan/scanner";
import { container } from "tsyringe";
import { createServeQueue } from "./create-serve-queue.js";
import { createServeProbes } from "./create-serve-probes.js";
import { hasBrowserPool } from "./has-browser-pool.js";
import type { ServeConfig } from "./parse-serve-config.js";
import { prepareServeProcess, SPARE_PAGES } from "./prepare-serve-process.js";
import type { ServeExtras } from "./start-reference-server.js";
import { storesOf } from "./stores-of.js";

export interface WorkerProcess {
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
 * HTTP, never charges quota (the API process that queued the scan did) and uses no keys or counters. It
 * also sweeps for scans whose worker died, like every process that scans.
 */
export async function startWorkerProcess(
  config: ServeConfig,
  log: (line: string) => void = () => {},
  extras: Pick<ServeExtras, "observability" | "container"> = {},
): Promise<WorkerProcess> {
  if (config.role !== "worker") throw new Error("startWorkerProcess runs the worker role");
  const prepared = await prepareServeProcess(config, log);
  const { storage } = prepared;
  if (storage.kind !== "redis") {
    await prepared.close();
    throw new Error("--role worker needs --redis-url");
  }

  // What a failed start opened is closed before the error goes on (an embedder's process lives on).
  const opened: Array<() => Promise<unknown>> = [prepared.close];
  try {
    // The ports: an embedder's registration, else this process's default.
    const scope = (extras.container ?? container).createChildContainer();
    const observer = usePort(scope, PORTS.observer, () => extras.observability?.observer);
    const scanner = usePort(scope, PORTS.scanner, () => createPuppeteerScanner(prepared.scannerOptions));
    opened.push(() => scanner.close());
    const onJobError = (error: unknown, scanId: string) =>
      log(`scan ${scanId} failed: ${error instanceof Error ? error.message : String(error)}`);
    const service = createService({
      scans: usePort(scope, PORTS.scanStore, storesOf(storage).scans),
      // A worker reads only active scans; the ended ones it writes are read by the API processes.
      scanCache: false,
      queue: usePort(scope, PORTS.jobQueue, () => createServeQueue({ config, storage, log })),
      // The secret that sealed a queued scan's query string in the API process, so this one can visit it.
      targetSecret: prepared.identifierSecret,
      // Links are never rendered here; the setting is required by the service's configuration.
      config: { baseUrl: config.baseUrl ?? "http://localhost", ...config.service },
      onJobError,
      ...(observer === undefined ? {} : { observer }),
    });
    opened.push(() => service.close({ graceMs: 0 }));
    const worker = await startScanWorker(service, { scanner, onJobError });
    opened.push(() => worker.close());
    extras.observability?.watch({
      queue: service.deps.queue,
      browserPoolSlots: config.concurrency + SPARE_PAGES,
      ...(hasBrowserPool(scanner) ? { browserPool: scanner } : {}),
    });
    // Readiness of a worker: Redis answers (the scan store's probe) and its browser runs or can start.
    const probes =
      config.probePort === null
        ? null
        : await serveRestApp({
            app: createProbeApp({
              scans: service.deps.scans,
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
        await worker.close();
        await service.close({ graceMs: config.shutdownGraceMs });
        await scanner.close();
        await prepared.close();
      },
    };
  } catch (error) {
    for (const close of opened.reverse()) await close().catch(() => undefined);
    throw error;
  }
}
