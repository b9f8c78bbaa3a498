import { MAX_EVENT_ROWS, type ScanChanges, type WebhookEvent } from "../contract/index.js";
import { isCompleted, type ScanRecord } from "../domain/scan-record.js";
import { toScanChanges } from "../projection/changes/to-scan-changes.js";
import type { LinkBuilder } from "./scan-links.js";

export interface WebhookEventInput {
  /** A scan that ended: completed (with or without evidence), failed or expired. */
  record: ScanRecord;
  /** The scan it is compared with (the target's previous one), when it had one with a result. */
  previous: ScanRecord | null;
  monitorId: string | null;
  links: LinkBuilder;
  now: Date;
}

/**
 * The webhook event of a scan that ended: `scan.failed` when it has no result, `scan.changed` when the
 * comparison with the previous scan has something that matters (a headline, or rows that started or
 * stopped), else `scan.completed`. The changed event leads with one sentence and names the rows.
 */
export function toWebhookEvent(input: WebhookEventInput): WebhookEvent {
  const { record, links } = input;
  const timestamp = input.now.toISOString();
  const completed = isCompleted(record);
  const scan = {
    scanId: record.scanId,
    url: record.url,
    domain: record.domain,
    scanFrom: record.scanFrom,
    status: record.status,
    score: completed ? record.report.score : null,
    riskLevel: completed ? record.report.riskLevel : null,
    completedAt: record.completedAt,
    links: {
      scan: links.scan(record.scanId),
      report: completed ? links.report(record.scanId) : null,
      changes: completed && input.previous !== null ? links.changes(record.scanId) : null,
    },
  };
  const base = { timestamp, monitorId: input.monitorId };
  if (!completed) {
    const error = record.error ?? { code: "internal_error" as const, message: "The scan ended without a result." };
    return {
      type: "scan.failed",
      timestamp,
      data: { monitorId: base.monitorId, scan, error: { code: error.code, message: error.message } },
    };
  }
  const previous = input.previous !== null && isCompleted(input.previous) ? input.previous : null;
  const changes = previous === null ? null : toScanChanges(previous.report, record.report);
  if (previous === null || changes === null || !matters(changes))
    return { type: "scan.completed", timestamp, data: { monitorId: base.monitorId, scan } };
  const started = changes.phases.flatMap((phase) => phase.started.map((row) => ({ ...row, phase: phase.phase })));
  const stopped = changes.phases.flatMap((phase) => phase.stopped.map((row) => ({ ...row, phase: phase.phase })));
  return {
    type: "scan.changed",
    timestamp,
    data: {
      monitorId: base.monitorId,
      scan,
      since: { scanId: previous.scanId, completedAt: previous.completedAt },
      summary: changes.headlines[0] ?? `${started.length} rows started and ${stopped.length} stopped since the last scan.`,
      headlines: changes.headlines,
      findings: { new: changes.findings.new, resolved: changes.findings.resolved },
      started: started.slice(0, MAX_EVENT_ROWS),
      stopped: stopped.slice(0, MAX_EVENT_ROWS),
      counts: { started: started.length, stopped: stopped.length },
    },
  };
}

/** Something a reader would want to be told: a headline, or a row that started or stopped. */
const matters = (changes: ScanChanges) =>
  changes.headlines.length > 0 || changes.phases.some((phase) => phase.started.length + phase.stopped.length > 0);
