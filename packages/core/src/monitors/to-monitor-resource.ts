import type { Monitor, MonitorRun } from "../contract/index.js";
import type { MonitorRecord, MonitorRunRecord } from "../domain/monitor-record.js";
import type { LinkBuilder } from "../render/scan-links.js";

/** A stored run as the contract shows it: the record without the monitor it belongs to. */
export function toMonitorRunResource(run: MonitorRunRecord): MonitorRun {
  const { monitorId: _monitorId, ...resource } = run;
  // Runs written before deliveries could wait between passes have no nextAttemptAt.
  return resource.delivery === null
    ? resource
    : { ...resource, delivery: { ...resource.delivery, nextAttemptAt: resource.delivery.nextAttemptAt ?? null } };
}

/** A monitor as its owner reads it: never a sealed value, the webhook's query string, or a secret. */
export function toMonitorResource(record: MonitorRecord, input: { links: LinkBuilder; lastRun: MonitorRunRecord | null }): Monitor {
  return {
    monitorId: record.monitorId,
    name: record.name,
    url: record.url,
    domain: record.domain,
    scanFrom: record.scanFrom,
    schedule: record.schedule,
    status: record.status,
    statusReason: record.statusReason,
    webhook:
      record.webhook === null
        ? null
        : { url: record.webhook.displayUrl, events: record.webhook.events, secretRotatedAt: record.webhook.secretRotatedAt },
    consecutiveFailures: record.consecutiveFailures,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    lastRun: input.lastRun === null ? null : toMonitorRunResource(input.lastRun),
    links: { self: input.links.monitor(record.monitorId), runs: input.links.monitorRuns(record.monitorId) },
  };
}
