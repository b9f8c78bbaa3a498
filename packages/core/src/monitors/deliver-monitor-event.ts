import type { WebhookEvent } from "../contract/index.js";
import type { MonitorRecord, MonitorRunRecord } from "../domain/monitor-record.js";
import { setMonitorStatus } from "./change-monitor.js";
import type { MonitorDeps } from "./monitor-deps.js";

/**
 * Sends a run's event to its monitor's webhook and records the delivery on the run: attempts, the last
 * status and error, never the payload or a secret. A receiver that answers 410 Gone, or fails
 * `disableAfterFailures` deliveries in a row, disables the monitor; a delivered event resets the count.
 * With `pauseAt`, a retry due later is left `pending` with its time (`nextAttemptAt`) for the run's next
 * pass, which goes on with the same backoff schedule.
 */
export async function deliverMonitorEvent(
  deps: MonitorDeps,
  input: { monitor: MonitorRecord; run: MonitorRunRecord; event: WebhookEvent; messageId: string; pauseAt?: number | undefined },
): Promise<MonitorRunRecord> {
  const webhook = input.monitor.webhook!;
  const { sealer } = deps.service;
  const now = deps.service.clock.now();
  const pending: MonitorRunRecord = {
    ...input.run,
    delivery: {
      event: input.event.type,
      messageId: input.messageId,
      status: "pending",
      attempts: input.run.delivery?.attempts ?? 0,
      lastAttemptAt: input.run.delivery?.lastAttemptAt ?? null,
      lastResponseStatus: input.run.delivery?.lastResponseStatus ?? null,
      lastError: input.run.delivery?.lastError ?? null,
      nextAttemptAt: null,
    },
  };
  const url = sealer.open(webhook.sealedUrl);
  // The previous secret signs beside the new one until its overlap ends (a rotation in progress).
  const live = webhook.previousValidUntil !== null && Date.parse(webhook.previousValidUntil) > now ? 2 : 1;
  const secrets = webhook.sealedSecrets.slice(0, live).map((sealed) => sealer.open(sealed));
  if (url === null || secrets.some((secret) => secret === null)) {
    return {
      ...pending,
      delivery: { ...pending.delivery!, status: "failed", lastError: "The deployment cannot open the webhook's sealed URL or secret." },
    };
  }
  await deps.monitors.saveRun(pending);
  const sent = await deps.webhooks.deliver({
    url,
    id: input.messageId,
    body: JSON.stringify(input.event),
    secrets: secrets as string[],
    priorAttempts: pending.delivery!.attempts,
    ...(input.pauseAt === undefined ? {} : { until: input.pauseAt }),
    ...(deps.shutdown === undefined ? {} : { signal: deps.shutdown }),
  });
  const last = sent.attempts.at(-1);
  const run: MonitorRunRecord = {
    ...pending,
    delivery: {
      ...pending.delivery!,
      status: sent.outcome,
      attempts: pending.delivery!.attempts + sent.attempts.length,
      lastAttemptAt: last?.at ?? null,
      lastResponseStatus: last?.status ?? null,
      lastError: last?.error ?? null,
      nextAttemptAt: sent.outcome === "pending" ? (sent.retryAt ?? null) : null,
    },
  };
  // Still under way: counted once it ends.
  if (sent.outcome === "pending") return run;
  await recordOutcome(deps, { monitorId: input.monitor.monitorId, delivered: sent.outcome === "delivered", gone: sent.gone });
  return run;
}

/** The monitor as it is now (its owner may have paused it meanwhile), with the delivery counted. */
async function recordOutcome(deps: MonitorDeps, input: { monitorId: string; delivered: boolean; gone: boolean }): Promise<void> {
  const current = await deps.monitors.get(input.monitorId);
  if (current === null) return;
  const failures = input.delivered ? 0 : current.consecutiveFailures + 1;
  const counted = { ...current, consecutiveFailures: failures };
  if (current.status === "active" && (input.gone || failures >= deps.settings.disableAfterFailures)) {
    await setMonitorStatus(deps, { record: counted, status: "disabled", reason: input.gone ? "webhook_gone" : "webhook_failing" });
    return;
  }
  if (failures !== current.consecutiveFailures)
    await deps.monitors.update({ ...counted, updatedAt: new Date(deps.service.clock.now()).toISOString() });
}
