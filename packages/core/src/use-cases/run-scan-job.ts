import type { ErrorBody } from "../contract/index.js";
import type { ScanRecord } from "../domain/scan-record.js";
import { toErrorEnvelope } from "../errors/to-error-envelope.js";
import { ScanObservationsSchema } from "../observations/scan-observations.js";
import type { JobOutcome, ScanJobMessage } from "../ports/job-queue.js";
import type { Scanner } from "../ports/scanner.js";
import { notifyObserver } from "../ports/notify-observer.js";
import type { ScanOutcome } from "../ports/service-observer.js";
import type { ScanPhase } from "../contract/states.js";
import { lensOfRegion } from "../projection/score/lens-of-region.js";
import { toScanReport } from "../projection/to-scan-report.js";
import { targetKeyOf } from "./normalize-target.js";
import { takeOverAbandonedScan } from "./recover-stale-scan.js";
import { urlToVisit } from "./url-to-visit.js";
import type { ServiceDeps } from "./service-deps.js";
import { toDiagnosticsRecord } from "./to-diagnostics-record.js";

export interface WorkerDeps extends ServiceDeps {
  scanner: Scanner;
  /** A job running longer than this ends `expired`. */
  jobDeadlineMs: number;
  /** Told about what a job threw, for logging (the stored error is redacted). */
  onJobError?: (error: unknown, scanId: string) => void;
  /**
   * Aborted when the process shuts down: a running job stops and goes back to `queued` (the attempt is not
   * counted), so the next process to start runs it again instead of failing it.
   */
  shutdown?: AbortSignal;
}

/** Before any scan: `findReusable` from here answers a target's latest scan with evidence, however old. */
const EARLIEST = "1970-01-01T00:00:00.000Z";

/** A query sealed under a key this process does not have (no shared secret, and the process that took it died). */
const URL_UNREADABLE: ErrorBody = {
  code: "internal_error",
  message: "The scan was interrupted before it ran, and the query string of its URL is not kept. Start a new scan.",
  retryable: true,
  retryAfterSeconds: 30,
  recommendedNextAction: "retry_after_delay",
};

const EXPIRED: ErrorBody = {
  code: "internal_error",
  message: "The scan did not finish within its time limit. Start a new scan later.",
  retryable: true,
  retryAfterSeconds: 30,
  recommendedNextAction: "retry_after_delay",
};

/**
 * Runs one job: queued -> running (phase, progress, heartbeat) -> finalizing -> completed or
 * completed_limited; failed or expired on error, with the error envelope's body and no findings. Each move
 * is a compare-and-set on the status, so a job taken twice is run once, and a terminal scan never changes.
 */
export async function runScanJob(deps: WorkerDeps, job: ScanJobMessage): Promise<JobOutcome> {
  let queued = await deps.scans.get(job.scanId);
  // A redelivered job's scan may still say running: its worker is gone (the queue says so), so it is taken
  // over now rather than after the heartbeat goes stale.
  if (queued !== null && job.redelivered === true && (queued.status === "running" || queued.status === "finalizing")) {
    queued = await takeOverAbandonedScan(deps, queued);
  }
  if (queued === null || queued.status !== "queued") return undefined;
  const targetKey = targetKeyOf(queued);
  const iso = () => new Date(deps.clock.now()).toISOString();
  // Visiting the URL without its query would scan another page than the one asked for: the scan ends instead.
  const url = urlToVisit(queued, deps.sealer);
  if (url === null) {
    await deps.scans.update(
      { ...queued, status: "failed", sealedUrl: null, completedAt: iso(), lastHeartbeatAt: iso(), error: { ...URL_UNREADABLE } },
      { expectedStatus: "queued", targetKey },
    );
    return undefined;
  }

  let current: ScanRecord | null = await deps.scans.update(
    {
      ...queued,
      status: "running",
      phase: "launching_browser",
      startedAt: iso(),
      phaseStartedAt: iso(),
      lastHeartbeatAt: iso(),
      attempts: queued.attempts + 1,
    },
    { expectedStatus: "queued", targetKey },
  );
  if (current === null) return undefined;
  const scanId = job.scanId;
  notifyObserver(deps.observer, "jobStarted", { scanId, attempt: current.attempts });
  // Phase durations for the observer, timed here as the scanner reports them, whether or not a heartbeat
  // write succeeds.
  const startedAt = deps.clock.now();
  let phase: { name: ScanPhase; since: number } = { name: "launching_browser", since: startedAt };
  const enterPhase = (name: ScanPhase | null) => {
    if (name === phase.name) return;
    const now = deps.clock.now();
    notifyObserver(deps.observer, "phaseEnded", { scanId, phase: phase.name, durationMs: now - phase.since });
    if (name !== null) phase = { name, since: now };
  };
  const ended = (outcome: ScanOutcome, errorCode: ErrorBody["code"] | null = null) => {
    enterPhase(null);
    notifyObserver(deps.observer, "scanEnded", { scanId, outcome, durationMs: deps.clock.now() - startedAt, errorCode });
  };
  const move = async (next: ScanRecord, expectedStatus: ScanRecord["status"]) => {
    const stored = await deps.scans.update(next, { expectedStatus, targetKey });
    if (stored !== null) current = stored;
    return stored;
  };

  const deadline = AbortSignal.timeout(deps.jobDeadlineMs);
  const stop = deps.shutdown ? AbortSignal.any([deadline, deps.shutdown]) : deadline;
  // Progress reports are heartbeats, and so is a timer while the job runs: a healthy phase that reports
  // nothing for a minute (a long observe window, a slow page) must not read as stalled. `stalled` then
  // means the worker stopped. A failed heartbeat write must not fail the scan.
  let writing = Promise.resolve();
  const heartbeat = (fields: Partial<ScanRecord> = {}) => {
    writing = writing.then(async () => {
      const running = current;
      if (running === null || running.status !== "running") return;
      const phaseChanged = fields.phase !== undefined && running.phase !== fields.phase;
      await move(
        { ...running, ...fields, lastHeartbeatAt: iso(), phaseStartedAt: phaseChanged ? iso() : running.phaseStartedAt },
        "running",
      ).catch(() => null);
    });
  };
  const beat = setInterval(() => heartbeat(), heartbeatIntervalMs(deps.config.stallAfterSeconds));
  beat.unref?.();
  try {
    // The deadline aborts the scanner; a scanner that ignores the signal is still not waited for.
    const timedOut = new Promise<never>((_, reject) =>
      stop.addEventListener("abort", () => reject(new Error(deadline.aborted ? "scan deadline reached" : "shutting down")), { once: true }),
    );
    const observations = ScanObservationsSchema.parse(
      await Promise.race([
        deps.scanner.scan({
          url,
          signal: stop,
          onProgress: ({ phase, progressPercent }) => {
            enterPhase(phase);
            heartbeat({ phase, progressPercent });
          },
        }),
        timedOut,
      ]),
    );
    clearInterval(beat);
    await writing;
    const finalizing = await move(
      { ...current, status: "finalizing", phase: "projection", phaseStartedAt: iso(), lastHeartbeatAt: iso(), progressPercent: 95 },
      "running",
    );
    if (finalizing === null) return undefined;
    enterPhase("projection");
    const report = toScanReport(observations, { lens: lensOfRegion(current.scanFrom, deps.config.regimeLens) });
    // The target's latest scan with evidence, read before this one replaces it in the store's index: the
    // scan this one's changes compare with. A no-go result is never one, and is given none.
    const previous = report.resultDisposition === "no_go" ? null : await deps.scans.findReusable(targetKey, EARLIEST);
    const completedAt = iso();
    if (finalizing.startedAt !== null) deps.durations?.record((Date.parse(completedAt) - Date.parse(finalizing.startedAt)) / 1000);
    await move(
      {
        ...finalizing,
        status: report.status,
        phase: "done",
        // The query was needed to visit the page; an ended scan keeps only its hash.
        sealedUrl: null,
        completedAt,
        lastHeartbeatAt: completedAt,
        progressPercent: 100,
        report,
        previousScanId: previous?.scanId ?? null,
        scoreUpdatedAt: completedAt,
        diagnostics: toDiagnosticsRecord(observations, { startedAt: finalizing.startedAt ?? completedAt, completedAt }),
      },
      "finalizing",
    );
    ended(report.status);
  } catch (error) {
    clearInterval(beat);
    await writing;
    const running: ScanRecord = current;
    if (deps.shutdown?.aborted && !deadline.aborted && running.status === "running") {
      await move(
        { ...running, status: "queued", phase: "queued", progressPercent: 0, attempts: Math.max(0, running.attempts - 1) },
        "running",
      );
      ended("handed_back");
      return "handed_back";
    }
    deps.onJobError?.(error, job.scanId);
    const expired = deadline.aborted;
    const body = expired ? EXPIRED : toErrorEnvelope(error).error;
    await move(
      {
        ...running,
        status: expired ? "expired" : "failed",
        sealedUrl: null,
        completedAt: iso(),
        lastHeartbeatAt: iso(),
        error: body,
        report: null,
      },
      running.status,
    );
    ended(expired ? "expired" : "failed", body.code);
  }
}

/** Three beats per stall window, so one late or failed write never reads as a stall; at least one a second. */
export function heartbeatIntervalMs(stallAfterSeconds: number): number {
  return Math.max(1000, Math.floor((stallAfterSeconds * 1000) / 3));
}
