import type { KeyStore } from "../ports/key-store.js";
import type { MonitorScheduler } from "../ports/monitor-scheduler.js";
import type { MonitorStore } from "../ports/monitor-store.js";
import type { WebhookSender } from "../ports/webhook-sender.js";
import type { ServiceDeps } from "../use-cases/service-deps.js";

/** What the operator decides about monitors (docs/api.md "Monitors"). */
export interface MonitorSettings {
  /** Monitors one key may have (paused and disabled ones count). */
  maxPerKey: number;
  /** The shortest time between two runs of a monitor a schedule may ask for. */
  minIntervalSeconds: number;
  /** Deliveries failing in a row (each after its own retries) before the monitor is disabled. */
  disableAfterFailures: number;
  /** Webhooks over plain http (a deployment's own tests); https only otherwise. */
  allowHttpWebhooks: boolean;
  /** How long a run follows its scan before it gives up on it (the scan's own limits end it sooner). */
  scanWaitMs: number;
  /** How often a run looks at its scan while it waits. */
  scanPollMs: number;
  /** How long the previous secret keeps signing after a rotation. */
  rotationOverlapSeconds: number;
  /**
   * The longest a run's pass waits for its delivery's next attempt: a later one is left to the engine (a
   * BullMQ delayed job, a timer in one process, the tick message's next delivery on Lambda), so a receiver
   * that is down for half an hour holds no tick slot meanwhile.
   */
  retryInlineMs: number;
}

export const DEFAULT_MONITOR_SETTINGS: MonitorSettings = {
  maxPerKey: 20,
  minIntervalSeconds: 3600,
  disableAfterFailures: 5,
  allowHttpWebhooks: false,
  scanWaitMs: 20 * 60_000,
  scanPollMs: 2_000,
  rotationOverlapSeconds: 24 * 3600,
  retryInlineMs: 60_000,
};

/** Everything the monitor use-cases need, beside the service's own deps. */
export interface MonitorDeps {
  service: ServiceDeps;
  monitors: MonitorStore;
  /** The owners' keys: a run of a monitor whose key was revoked or expired disables it instead. */
  keys: KeyStore;
  scheduler: MonitorScheduler;
  webhooks: WebhookSender;
  settings: MonitorSettings;
  /**
   * Aborted when the host shuts down: a run waiting for its scan stops waiting (it stays `running`, and the
   * next start, or another process, goes on with it).
   */
  shutdown?: AbortSignal;
}
