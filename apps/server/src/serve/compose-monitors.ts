import { readFile } from "node:fs/promises";
import {
  createInProcessMonitorScheduler,
  PORTS,
  resumeMonitorRuns,
  resumeTimeOf,
  runMonitorTick,
  syncMonitorSchedules,
  usePort,
  type KeyStore,
  type MonitorDeps,
  type PortRegistry,
  type ServiceDeps,
} from "@public-scan/core";
import { createWebhookSender } from "@public-scan/scanner";
import { createBullmqMonitorScheduler } from "@public-scan/storage/redis";
import type { ServeConfig } from "./parse-serve-config.js";
import type { PreparedServeProcess } from "./prepare-serve-process.js";
import type { ServeStorage } from "./serve-storage.js";
import { storesOf } from "./stores-of.js";

/**
 * Monitors of a process that serves the API (role `api` or `all`): their store beside the other stores,
 * a webhook sender with the scanner's egress rules, and the scheduler that fires their ticks: croner in
 * the one process of the embedded default, BullMQ job schedulers in a cluster, where every API process
 * registers schedules and runs ticks and Redis hands each tick to one of them. Ticks run here, not on
 * worker processes: a run creates its scan through the API's create path (the owner's quota and key).
 * At start, every active monitor's schedule is registered (croner keeps nothing across restarts).
 */
export async function composeMonitors(input: {
  config: Pick<ServeConfig, "monitors" | "jobLockMs">;
  storage: ServeStorage;
  scope: PortRegistry;
  service: ServiceDeps;
  keys: KeyStore;
  prepared: Pick<PreparedServeProcess, "scannerOptions">;
  log: (line: string) => void;
}): Promise<{ deps: Omit<MonitorDeps, "service">; close: () => Promise<void> }> {
  const { storage, scope, config, log } = input;
  const onError = (error: unknown, tick?: { monitorId: string; scheduledAt: string }) =>
    log(
      `monitor${tick === undefined ? "" : ` ${tick.monitorId} tick ${tick.scheduledAt}`}: ${error instanceof Error ? error.message : String(error)}`,
    );
  const monitors = usePort(scope, PORTS.monitorStore, storesOf(storage).monitors);
  // Receivers follow the scanner's egress rules (its pins and private-target allowances, the demo web's
  // included) and trust the deployment's private CA as the scanner trusts its sites.
  const { scannerOptions } = input.prepared;
  const extraCaCerts =
    scannerOptions.extraCaCerts ??
    (scannerOptions.extraCaCertsFile === undefined ? undefined : await readFile(scannerOptions.extraCaCertsFile, "utf8"));
  const webhooks = usePort(scope, PORTS.webhookSender, () =>
    createWebhookSender({
      resolve: scannerOptions.resolve ?? [],
      allowPrivateTargets: scannerOptions.allowPrivateTargets ?? [],
      allowHttp: config.monitors.allowHttpWebhooks,
      ...(extraCaCerts === undefined ? {} : { extraCaCerts }),
    }),
  );
  const schedulerFactory = usePort(scope, PORTS.monitorScheduler, () =>
    storage.kind === "redis"
      ? createBullmqMonitorScheduler({
          connection: storage.url,
          // BullMQ joins `<prefix>:<queue>:…` itself.
          prefix: storage.prefix.slice(0, -1),
          // A tick whose process died runs again on another API process as soon as a scan job would.
          lockDurationMs: config.jobLockMs,
          onError,
        })
      : createInProcessMonitorScheduler({ onError }),
  );
  const shutdown = new AbortController();
  const deps: Omit<MonitorDeps, "service"> = {
    monitors,
    shutdown: shutdown.signal,
    keys: input.keys,
    webhooks,
    settings: config.monitors,
    // Bound below: a tick needs the deps, the deps need the scheduler.
    scheduler: undefined as unknown as MonitorDeps["scheduler"],
  };
  // A run whose delivery waits longer than the settings' retryInlineMs to retry asks to be taken up again then.
  const scheduler = schedulerFactory(async (tick) => {
    const resumeAt = resumeTimeOf(await runMonitorTick({ ...deps, service: input.service }, tick));
    return resumeAt === null ? undefined : { resumeAt };
  });
  deps.scheduler = scheduler;
  try {
    const registered = await syncMonitorSchedules(deps);
    if (registered > 0) log(`serve: ${registered} monitor${registered === 1 ? "" : "s"} scheduled`);
    // BullMQ runs a tick whose process died again by itself; croner fires no past tick, so its runs resume here.
    if (storage.kind === "sqlite") await resumeMonitorRuns({ ...deps, service: input.service }, (error) => onError(error));
  } catch (error) {
    await scheduler.close();
    throw error;
  }
  return {
    deps,
    close: async () => {
      // Runs waiting for their scans stop waiting; they go on at the next start.
      shutdown.abort();
      await scheduler.close();
      await monitors.close();
    },
  };
}
