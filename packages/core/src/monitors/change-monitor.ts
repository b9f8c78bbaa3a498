import type { Monitor, MonitorStatusReason, RotatedMonitorSecret } from "../contract/index.js";
import type { MonitorRecord } from "../domain/monitor-record.js";
import { ServiceError } from "../errors/service-error.js";
import type { Outcome } from "../use-cases/outcome.js";
import type { Caller } from "../use-cases/service-deps.js";
import type { MonitorDeps } from "./monitor-deps.js";
import { findOwnedMonitor } from "./owned-monitor.js";
import { monitorResource } from "./read-monitors.js";

/** A stored monitor with a new status: written, then its schedule registered or removed to match. */
export async function setMonitorStatus(
  deps: MonitorDeps,
  input: { record: MonitorRecord; status: MonitorRecord["status"]; reason: MonitorStatusReason | null },
): Promise<MonitorRecord> {
  const next: MonitorRecord = {
    ...input.record,
    status: input.status,
    statusReason: input.reason,
    // A resumed monitor starts its failure count afresh: its owner has seen to the receiver.
    consecutiveFailures: input.status === "active" ? 0 : input.record.consecutiveFailures,
    updatedAt: new Date(deps.service.clock.now()).toISOString(),
  };
  if (!(await deps.monitors.update(next))) throw new ServiceError("not_found", "No such monitor for this key.");
  if (next.status === "active") await deps.scheduler.schedule(next);
  else await deps.scheduler.unschedule(next.monitorId);
  return next;
}

/** POST /api/v2/monitors/{monitorId}/pause: stops its runs until resumed; idempotent. */
export async function pauseMonitor(deps: MonitorDeps, input: { monitorId: string; caller: Caller }): Promise<Outcome<Monitor>> {
  const record = await findOwnedMonitor(deps, input);
  const next = record.status === "paused" ? record : await setMonitorStatus(deps, { record, status: "paused", reason: "paused_by_owner" });
  return { status: 200, body: await monitorResource(deps, next) };
}

/**
 * POST /api/v2/monitors/{monitorId}/resume: runs it again, a paused monitor or one the service disabled
 * (its owner has fixed the receiver or the key); idempotent. Each run checks the target again.
 */
export async function resumeMonitor(deps: MonitorDeps, input: { monitorId: string; caller: Caller }): Promise<Outcome<Monitor>> {
  const record = await findOwnedMonitor(deps, input);
  const next = record.status === "active" ? record : await setMonitorStatus(deps, { record, status: "active", reason: null });
  return { status: 200, body: await monitorResource(deps, next) };
}

/** DELETE /api/v2/monitors/{monitorId}: the schedule first (no tick after the answer), then the monitor and its runs. */
export async function deleteMonitor(
  deps: MonitorDeps,
  input: { monitorId: string; caller: Caller },
): Promise<Outcome<{ monitorId: string; deleted: true }>> {
  const record = await findOwnedMonitor(deps, input);
  await deps.scheduler.unschedule(record.monitorId);
  await deps.monitors.delete(record.monitorId);
  return { status: 200, body: { monitorId: record.monitorId, deleted: true } };
}

/**
 * POST /api/v2/monitors/{monitorId}/webhook-secret: a new signing secret, answered once. The previous one
 * keeps signing beside it (two signatures per message) for `rotationOverlapSeconds`, so a receiver switches
 * without losing a message; an older one is dropped.
 */
export async function rotateMonitorWebhookSecret(
  deps: MonitorDeps,
  input: { monitorId: string; caller: Caller },
): Promise<Outcome<RotatedMonitorSecret>> {
  const record = await findOwnedMonitor(deps, input);
  if (record.webhook === null) throw new ServiceError("invalid_request", "This monitor has no webhook, so no signing secret.");
  const now = deps.service.clock.now();
  const secret = deps.webhooks.createSecret();
  const previousValidUntil = new Date(now + deps.settings.rotationOverlapSeconds * 1000).toISOString();
  const at = new Date(now).toISOString();
  const next: MonitorRecord = {
    ...record,
    webhook: {
      ...record.webhook,
      sealedSecrets: [deps.service.sealer.seal(secret), record.webhook.sealedSecrets[0]!],
      secretRotatedAt: at,
      previousValidUntil,
    },
    updatedAt: at,
  };
  if (!(await deps.monitors.update(next))) throw new ServiceError("not_found", "No such monitor for this key.");
  return { status: 200, body: { monitorId: record.monitorId, webhookSecret: secret, previousValidUntil } };
}
