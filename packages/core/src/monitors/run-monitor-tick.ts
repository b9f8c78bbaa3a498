import { createHash } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { grantedScopes, isTerminalStatus } from "../contract/index.js";
import { monitorRunId, type MonitorRecord, type MonitorRunRecord } from "../domain/monitor-record.js";
import type { ScanRecord } from "../domain/scan-record.js";
import { isServiceError } from "../errors/service-error.js";
import type { MonitorTick } from "../ports/monitor-scheduler.js";
import { toWebhookEvent } from "../render/to-webhook-event.js";
import { createScan } from "../use-cases/create-scan.js";
import { linksOf } from "../use-cases/render-context.js";
import { setMonitorStatus } from "./change-monitor.js";
import { deliverMonitorEvent } from "./deliver-monitor-event.js";
import type { MonitorDeps } from "./monitor-deps.js";

/**
 * One tick of a monitor, from whichever process's scheduler fired it: claims the tick's run (once for all
 * processes), checks the owner's key, creates a fresh scan through the same path as POST /scans (quota,
 * joins, target policy checked again), follows it to its end, and sends its event to the webhook. Every
 * step is recorded on the run before the next, so a run picked up again after its process died goes on
 * from where it stopped (the same scan, the same message id): a tick never scans twice. Answers the run,
 * or null when there is none to make (the monitor was deleted, paused, or the tick is older than the runs kept).
 */
export async function runMonitorTick(
  deps: MonitorDeps,
  tick: MonitorTick,
  options: RunMonitorTickOptions = {},
): Promise<MonitorRunRecord | null> {
  const monitor = await deps.monitors.get(tick.monitorId);
  if (monitor === null) {
    // A schedule that outlived its monitor (a delete that failed half-way): removed now.
    await deps.scheduler.unschedule(tick.monitorId);
    return null;
  }
  if (monitor.status !== "active") return null;
  const { run } = await deps.monitors.claimRun({
    monitorId: monitor.monitorId,
    runId: monitorRunId(monitor.monitorId, tick.scheduledAt),
    scheduledAt: tick.scheduledAt,
    startedAt: nowIso(deps),
    endedAt: null,
    status: "running",
    scanId: null,
    event: null,
    summary: null,
    error: null,
    delivery: null,
  });
  if (run === null || run.status !== "running") return run;
  // A delivery's retries wait in this pass only up to the pass's end, and up to `retryInlineMs` ahead.
  const inlineUntil = Date.now() + (options.retryInlineMs ?? deps.settings.retryInlineMs);
  const deliveryPauseAt = options.pauseAt === undefined ? inlineUntil : Math.min(options.pauseAt, inlineUntil);
  return continueRun(deps, { monitor, run, pauseAt: options.pauseAt, deliveryPauseAt });
}

/**
 * When a run that is not over should be taken up again: the time its delivery's next attempt is due, or
 * null when the run ended (or waits for its scan, which the caller's next pass looks at).
 */
export function resumeTimeOf(run: MonitorRunRecord | null): string | null {
  if (run?.status !== "running" || run.delivery?.status !== "pending") return null;
  return run.delivery.nextAttemptAt ?? null;
}

export interface RunMonitorTickOptions {
  /**
   * When this process must stop following the scan (epoch ms; a Lambda invocation's end): the run is then
   * answered still `running`, and the next delivery of the tick goes on with it.
   */
  pauseAt?: number | undefined;
  /**
   * The longest this pass waits for a delivery's retry (default: the settings' `retryInlineMs`): one due
   * later is left `pending` with its time, for the engine to run the tick again then (`resumeTimeOf`).
   */
  retryInlineMs?: number | undefined;
}

async function continueRun(
  deps: MonitorDeps,
  input: { monitor: MonitorRecord; run: MonitorRunRecord; pauseAt: number | undefined; deliveryPauseAt: number | undefined },
): Promise<MonitorRunRecord> {
  const { monitor } = input;
  let run = input.run;
  if (run.scanId === null) {
    const refusal = await keyRefusal(deps, monitor);
    if (refusal !== null) {
      await setMonitorStatus(deps, { record: monitor, status: "disabled", reason: "key_revoked" });
      return finish(deps, { ...run, status: "skipped", error: { code: "forbidden", message: refusal } });
    }
    // Runs never overlap: a tick that comes while the previous run still follows its scan is skipped (it
    // would join that scan and report it twice). A run left `running` for longer than a run can take
    // (its process died and nothing resumed it) no longer holds the monitor up.
    const earlier = await deps.monitors.listRuns(monitor.monitorId, 2);
    const liveSince = deps.service.clock.now() - 2 * deps.settings.scanWaitMs;
    // A run whose scan ended and whose delivery waits to retry does not: its scan is no longer running.
    const inProgress = (other: MonitorRunRecord) =>
      other.runId !== run.runId &&
      other.status === "running" &&
      other.event === null &&
      other.scheduledAt < run.scheduledAt &&
      Date.parse(other.startedAt) > liveSince;
    if (earlier.some(inProgress)) {
      return finish(deps, {
        ...run,
        status: "skipped",
        error: { code: "rate_limited", message: "The previous run was still in progress." },
      });
    }
    const scanUrl = monitor.sealedUrl === null ? monitor.url : deps.service.sealer.open(monitor.sealedUrl);
    if (scanUrl === null) return finish(deps, { ...run, status: "failed", error: { code: "internal_error", message: SEALED_MESSAGE } });
    try {
      const outcome = await createScan(deps.service, {
        body: { url: scanUrl, scanFrom: monitor.scanFrom, freshness: "fresh" },
        caller: { kind: "key", keyId: monitor.ownerKeyId },
      });
      run = { ...run, scanId: outcome.body.scanId };
      await deps.monitors.saveRun(run);
    } catch (error) {
      if (!isServiceError(error)) throw error;
      // A refused target, a spent quota: the run says why; the next tick tries again.
      return finish(deps, { ...run, status: "failed", error: { code: error.code, message: error.message } });
    }
  }
  const scan = await followScan(deps, { scanId: run.scanId!, startedAt: run.startedAt, pauseAt: input.pauseAt });
  if (scan === "paused") return run;
  if (scan === null) {
    return finish(deps, {
      ...run,
      status: "failed",
      error: { code: "internal_error", message: `The scan did not end within ${Math.round(deps.settings.scanWaitMs / 1000)} s.` },
    });
  }
  const previous = scan.previousScanId == null ? null : await deps.service.scans.get(scan.previousScanId);
  const event = toWebhookEvent({
    record: scan,
    previous,
    monitorId: monitor.monitorId,
    links: linksOf(deps.service),
    now: new Date(deps.service.clock.now()),
  });
  // Still `running` while the delivery is under way: a run taken over after its process died sends again.
  run = {
    ...run,
    event: event.type,
    summary: event.type === "scan.changed" ? event.data.summary : null,
    error: event.type === "scan.failed" ? event.data.error : null,
  };
  if (monitor.webhook !== null && monitor.webhook.events.includes(event.type) && run.delivery?.status !== "delivered") {
    // A retry due later than this pass may wait is left for the run's next pass.
    if (!(await waitForRetry(deps, { run, pauseAt: input.deliveryPauseAt }))) return run;
    run = await deliverMonitorEvent(deps, { monitor, run, event, messageId: messageIdOf(run.runId), pauseAt: input.deliveryPauseAt });
    if (run.delivery?.status === "pending") {
      await deps.monitors.saveRun(run);
      return run;
    }
  }
  return finish(deps, { ...run, status: event.type === "scan.failed" ? "failed" : "completed" });
}

const SEALED_MESSAGE = "This deployment cannot open the monitor's sealed URL (its target secret changed). Recreate the monitor.";

/** Why the owner's key can no longer run scans for the monitor, or null while it can. */
async function keyRefusal(deps: MonitorDeps, monitor: MonitorRecord): Promise<string | null> {
  const key = await deps.keys.get(monitor.ownerKeyId);
  if (key === null || key.revokedAt !== null) return "The key that owns this monitor was revoked.";
  if (Date.parse(key.expiresAt) <= deps.service.clock.now()) return "The key that owns this monitor expired.";
  if (!grantedScopes(key.scopes).includes("monitor:write")) return "The key that owns this monitor no longer holds monitor:write.";
  return null;
}

/**
 * The scan, once it ended; null when it vanished or is still running `scanWaitMs` after the run started
 * (whichever processes followed it); `paused` when this process must stop following it first.
 */
async function followScan(
  deps: MonitorDeps,
  input: { scanId: string; startedAt: string; pauseAt: number | undefined },
): Promise<ScanRecord | null | "paused"> {
  const deadline = Date.parse(input.startedAt) + deps.settings.scanWaitMs;
  for (;;) {
    const record = await deps.service.scans.get(input.scanId);
    if (record === null) return null;
    if (isTerminalStatus(record.status)) return record;
    if (deps.service.clock.now() >= deadline) return null;
    if (input.pauseAt !== undefined && Date.now() >= input.pauseAt) return "paused";
    await delay(deps.settings.scanPollMs, undefined, deps.shutdown === undefined ? {} : { signal: deps.shutdown });
  }
}

/** Waits for a pending delivery's next attempt; false (without waiting) when it is due after `pauseAt`. */
async function waitForRetry(deps: MonitorDeps, input: { run: MonitorRunRecord; pauseAt: number | undefined }): Promise<boolean> {
  const next = input.run.delivery?.nextAttemptAt;
  if (next == null) return true;
  const due = Date.parse(next);
  if (input.pauseAt !== undefined && due > input.pauseAt) return false;
  // Real time, as `pauseAt` and the sender's retry time are.
  const waitMs = due - Date.now();
  if (waitMs > 0) await delay(waitMs, undefined, deps.shutdown === undefined ? {} : { signal: deps.shutdown });
  return true;
}

/**
 * The Standard Webhooks message id of a run's event: derived from the run, so a run resumed by another
 * process sends the same id and a receiver drops the duplicate.
 */
const messageIdOf = (runId: string) => `msg_${createHash("sha256").update(runId).digest("base64url").slice(0, 27)}`;

async function finish(deps: MonitorDeps, run: MonitorRunRecord): Promise<MonitorRunRecord> {
  const ended = { ...run, endedAt: nowIso(deps) };
  await deps.monitors.saveRun(ended);
  return ended;
}

const nowIso = (deps: MonitorDeps) => new Date(deps.service.clock.now()).toISOString();
