import type { AuditRetention } from "../ports/audit-retention.js";
import type { Clock } from "../ports/clock.js";
import type { ScanRetention } from "../ports/scan-retention.js";

/**
 * The reference server's retention defaults (docs/operations.md "Data lifecycle"). Scans: a result stays
 * readable by its id for 30 days after the scan ended (docs/api.md "The scan lifecycle"); reuse only ever
 * looks back hours, so nothing the service does needs older scans. Audit events: 400 days, longer than the
 * longest key a support operator can issue (366 days) plus a month, so the issuance of any key that still
 * works, and its revocation, can be looked up.
 */
export const DATA_RETENTION_DEFAULTS = { scanDays: 30, auditDays: 400, batchSize: 500 } as const;

export interface PurgeExpiredDataDeps {
  readonly scans?: ScanRetention;
  readonly audit?: AuditRetention;
  readonly clock: Clock;
}

export interface PurgeExpiredDataInput {
  /** Scans that ended more than this many days ago are deleted; null keeps them all. */
  readonly scanDays: number | null;
  /** Audit events older than this many days are deleted; null keeps them all. */
  readonly auditDays: number | null;
  /** Count what would be deleted, delete nothing. */
  readonly dryRun?: boolean;
  /** At most this many deletions per store call (default 500), so a sweep never holds a lock for long. */
  readonly batchSize?: number;
}

/** What a purge deleted (or, on a dry run, would delete); null for a kind that was not purged. */
export interface PurgeReport {
  readonly scans: { readonly cutoff: string; readonly count: number } | null;
  readonly auditEvents: { readonly cutoff: string; readonly count: number } | null;
  readonly dryRun: boolean;
}

const DAY_MS = 86_400_000;

/**
 * Deletes scans and audit events older than their retention, in bounded batches until none is left, or
 * counts them on a dry run. The cutoffs are taken once, from the clock, before the first batch, so a long
 * purge never chases records that aged while it ran.
 */
export async function purgeExpiredData(deps: PurgeExpiredDataDeps, input: PurgeExpiredDataInput): Promise<PurgeReport> {
  const batchSize = input.batchSize ?? DATA_RETENTION_DEFAULTS.batchSize;
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new RangeError("batchSize must be a positive integer");
  for (const days of [input.scanDays, input.auditDays])
    if (days !== null && !(Number.isSafeInteger(days) && days >= 1)) throw new RangeError("retention days must be a positive integer");
  const now = deps.clock.now();
  const cutoffOf = (days: number) => new Date(now - days * DAY_MS).toISOString();
  const dryRun = input.dryRun ?? false;

  const run = async (
    days: number | null,
    store: { count: (cutoff: string) => Promise<number>; purge: (cutoff: string, limit: number) => Promise<number> } | null,
  ) => {
    if (days === null || store === null) return null;
    const cutoff = cutoffOf(days);
    if (dryRun) return { cutoff, count: await store.count(cutoff) };
    let count = 0;
    for (;;) {
      const deleted = await store.purge(cutoff, batchSize);
      count += deleted;
      if (deleted < batchSize) return { cutoff, count };
    }
  };

  const scans = deps.scans;
  const audit = deps.audit;
  return {
    scans: await run(
      input.scanDays,
      scans === undefined
        ? null
        : { count: (cutoff) => scans.countEndedBefore(cutoff), purge: (cutoff, limit) => scans.purgeEndedBefore(cutoff, { limit }) },
    ),
    auditEvents: await run(
      input.auditDays,
      audit === undefined
        ? null
        : { count: (cutoff) => audit.countBefore(cutoff), purge: (cutoff, limit) => audit.purgeBefore(cutoff, { limit }) },
    ),
    dryRun,
  };
}
