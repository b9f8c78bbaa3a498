import { randomUUID } from "node:crypto";
import { CreateMonitorRequestSchema, WEBHOOK_EVENT_TYPES, type Monitor } from "../contract/index.js";
import type { MonitorRecord, MonitorWebhookRecord } from "../domain/monitor-record.js";
import { ServiceError } from "../errors/service-error.js";
import { toInvalidRequest } from "../errors/to-invalid-request.js";
import { checkTargetPolicy, normalizeTarget } from "../use-cases/normalize-target.js";
import type { Outcome } from "../use-cases/outcome.js";
import { linksOf } from "../use-cases/render-context.js";
import type { Caller } from "../use-cases/service-deps.js";
import { checkMonitorSchedule } from "./check-monitor-schedule.js";
import type { MonitorDeps } from "./monitor-deps.js";
import { ownerOf } from "./owned-monitor.js";
import { toMonitorResource } from "./to-monitor-resource.js";

/**
 * POST /api/v2/monitors: checks the URL (public, as a scan's), the schedule (no more often than the
 * deployment's minimum), the webhook (https, public), and the key's cap; stores the monitor with its
 * webhook URL and a new signing secret sealed, then registers its schedule. The secret is answered once.
 * When the scheduler refuses, the monitor is deleted again: nothing is left half-made.
 */
export async function createMonitor(
  deps: MonitorDeps,
  input: { body: unknown; caller: Caller },
): Promise<Outcome<Monitor & { webhookSecret: string | null }>> {
  const owner = ownerOf(input.caller);
  // A monitor's runs check its owner's key at every tick: an OAuth sign-in (no key record) could never run one.
  if ((await deps.keys.get(owner)) === null)
    throw new ServiceError("forbidden", "Monitors belong to API keys: create it with an API key that holds monitor:write.");
  const parsed = CreateMonitorRequestSchema.safeParse(input.body);
  if (!parsed.success) throw toInvalidRequest(parsed.error, "body");
  const request = parsed.data;
  const { service } = deps;
  const target = normalizeTarget(
    { url: request.url, ...(request.scanFrom === undefined ? {} : { scanFrom: request.scanFrom }) },
    service.config,
  );
  checkMonitorSchedule(request.schedule, deps.settings.minIntervalSeconds);
  await checkTargetPolicy(service, target.scanUrl);
  const now = new Date(service.clock.now()).toISOString();
  let secret: string | null = null;
  let webhook: MonitorWebhookRecord | null = null;
  if (request.webhook !== undefined) {
    const receiver = new URL(request.webhook.url);
    if (receiver.protocol !== "https:" && !deps.settings.allowHttpWebhooks)
      throw new ServiceError("invalid_request", "webhook.url: must be an https URL.");
    await checkTargetPolicy(service, receiver.href).catch(() => {
      throw new ServiceError("invalid_request", "webhook.url: this receiver cannot be reached: it is not a public web address.");
    });
    secret = deps.webhooks.createSecret();
    webhook = {
      sealedUrl: service.sealer.seal(receiver.href),
      displayUrl: `${receiver.protocol}//${receiver.host}${receiver.pathname}`,
      // Each subscribed event once, in the contract's order.
      events: WEBHOOK_EVENT_TYPES.filter((type) => (request.webhook?.events ?? WEBHOOK_EVENT_TYPES).includes(type)),
      sealedSecrets: [service.sealer.seal(secret)],
      secretRotatedAt: now,
      previousValidUntil: null,
    };
  }
  const record: MonitorRecord = {
    monitorId: randomUUID(),
    ownerKeyId: owner,
    name: request.name ?? null,
    url: target.url,
    sealedUrl: target.scanUrl === target.url ? null : service.sealer.seal(target.scanUrl),
    domain: target.domain,
    scanFrom: target.scanFrom,
    schedule: request.schedule,
    status: "active",
    statusReason: null,
    webhook,
    consecutiveFailures: 0,
    createdAt: now,
    updatedAt: now,
  };
  const created = await deps.monitors.create(record, { maxPerOwner: deps.settings.maxPerKey });
  if (created === "cap_reached") {
    throw new ServiceError(
      "forbidden",
      `This key has ${deps.settings.maxPerKey} monitors, the most this deployment allows. Delete one, or ask support for more.`,
    );
  }
  try {
    await deps.scheduler.schedule(record);
  } catch (error) {
    await deps.monitors.delete(record.monitorId);
    throw error;
  }
  return {
    status: 201,
    body: { ...toMonitorResource(record, { links: linksOf(service), lastRun: null }), webhookSecret: secret },
  };
}
