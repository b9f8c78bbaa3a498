import { purgeExpiredData, type AuditRetention, type Clock, type PurgeReport, type ScanRetention } from "@public-scan/core";
import type { RetentionConfig } from "../parse-retention-config.js";

export interface RetentionSweep {
  /** Runs one purge now (after the one in flight, if any); what the interval runs. */
  runOnce(): Promise<PurgeReport | null>;
  /** Stops the interval and waits for a purge in flight. */
  stop(): Promise<void>;
}

/**
 * The server's periodic purge of scans and audit events past their retention: once at start, then every
 * `sweepIntervalMs`, never two at once in one process. Processes of a cluster may sweep at the same time:
 * each batch is one atomic store step, so they only share the work. A failed sweep is logged and the next
 * one tries again; the timer never keeps the process alive. With no interval it does nothing.
 */
export function startRetentionSweep(input: {
  stores: { scans: ScanRetention; audit: AuditRetention };
  retention: RetentionConfig;
  clock: Clock;
  log: (line: string) => void;
}): RetentionSweep {
  const { retention, log } = input;
  let running: Promise<PurgeReport | null> = Promise.resolve(null);
  let stopped = false;
  const sweep = async (): Promise<PurgeReport | null> => {
    if (stopped) return null;
    try {
      const report = await purgeExpiredData(
        { scans: input.stores.scans, audit: input.stores.audit, clock: input.clock },
        { scanDays: retention.scanDays, auditDays: retention.auditDays },
      );
      const scans = report.scans?.count ?? 0;
      const events = report.auditEvents?.count ?? 0;
      if (scans + events > 0) log(`retention: purged ${scans} scan(s) and ${events} audit event(s)`);
      return report;
    } catch (error) {
      log(`retention: purge failed (retried at the next interval): ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  };
  const runOnce = () => (running = running.then(sweep));
  const timer = retention.sweepIntervalMs === null ? null : setInterval(() => void runOnce(), retention.sweepIntervalMs);
  timer?.unref();
  if (timer !== null) void runOnce();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer !== null) clearInterval(timer);
      await running;
    },
  };
}
