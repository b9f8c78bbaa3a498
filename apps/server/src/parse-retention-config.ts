import { DATA_RETENTION_DEFAULTS } from "@public-scan/core";

/** How long the reference server keeps scans and audit events, and how often it purges older ones. */
export interface RetentionConfig {
  /** Days a scan is kept after it ended; null keeps scans forever. */
  readonly scanDays: number | null;
  /** Days an audit event is kept; null keeps the audit trail forever. */
  readonly auditDays: number | null;
  /** How often `pnpm serve` purges; null: never (an operator runs `pnpm data purge` instead). */
  readonly sweepIntervalMs: number | null;
}

function days(name: string, value: string | undefined, fallback: number): number | null {
  if (value === undefined || value === "") return fallback;
  if (value === "off") return null;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 36_500)
    throw new Error(`${name} must be a number of days from 1 to 36500, or off`);
  return parsed;
}

/**
 * Reads the retention settings from the environment (docs/operations.md "Data lifecycle"), shared by
 * `pnpm serve` and `pnpm data purge` so both keep the same data: PUBLIC_SCAN_SCAN_RETENTION_DAYS (default
 * 30), PUBLIC_SCAN_AUDIT_RETENTION_DAYS (default 400), each a number of days or `off`, and
 * PUBLIC_SCAN_PURGE_INTERVAL_MINUTES (default 60; 0 turns the server's sweep off). Throws a clear Error.
 */
export function parseRetentionConfig(env: Readonly<Record<string, string | undefined>>): RetentionConfig {
  const interval = env.PUBLIC_SCAN_PURGE_INTERVAL_MINUTES;
  let minutes = 60;
  if (interval !== undefined && interval !== "") {
    minutes = Number(interval);
    if (!Number.isInteger(minutes) || minutes < 0 || minutes > 10_080)
      throw new Error("PUBLIC_SCAN_PURGE_INTERVAL_MINUTES must be an integer from 0 (off) to 10080");
  }
  return {
    scanDays: days("PUBLIC_SCAN_SCAN_RETENTION_DAYS", env.PUBLIC_SCAN_SCAN_RETENTION_DAYS, DATA_RETENTION_DEFAULTS.scanDays),
    auditDays: days("PUBLIC_SCAN_AUDIT_RETENTION_DAYS", env.PUBLIC_SCAN_AUDIT_RETENTION_DAYS, DATA_RETENTION_DEFAULTS.auditDays),
    sweepIntervalMs: minutes === 0 ? null : minutes * 60_000,
  };
}
