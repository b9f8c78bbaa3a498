import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { purgeExpiredData, SYSTEM_CLOCK, type PurgeReport } from "@public-scan/core";
import { backupSqliteDatabase } from "@public-scan/storage/sqlite";
import { openOperatorStores } from "./open-operator-stores.js";
import { DATABASE_FILE } from "./open-scan-store.js";
import { parseRetentionConfig } from "./parse-retention-config.js";
import { parseOperatorCommand } from "./parse-operator-command.js";
import type { CommandIo } from "./run-scan-command.js";

export const DATA_USAGE = `Usage: pnpm data purge [--scans-days N|off] [--audit-days N|off] [--dry-run] [--data-dir DIR | --redis-url URL]
       pnpm data backup --to FILE [--data-dir DIR]

Operator command for the reference server's data lifecycle (docs/operations.md "Data lifecycle").
purge   deletes scans that ended more than --scans-days ago (default $PUBLIC_SCAN_SCAN_RETENTION_DAYS or 30)
        and audit events older than --audit-days (default $PUBLIC_SCAN_AUDIT_RETENTION_DAYS or 400), in
        batches, and prints the counts; active scans are never deleted. --dry-run only counts.
backup  copies the SQLite file to FILE with VACUUM INTO, while the server runs: a consistent snapshot,
        written under a temporary name and moved into place; an existing FILE is refused.
The data is the data directory's SQLite file (default $PUBLIC_SCAN_DATA_DIR or ./.data), or the cluster's
Redis with --redis-url or $PUBLIC_SCAN_REDIS_URL (and $PUBLIC_SCAN_REDIS_PREFIX); back Redis up with its
own persistence (RDB snapshots or AOF).`;

function days(flag: string, value: string | undefined, fallback: number | null): number | null | Error {
  if (value === undefined) return fallback;
  if (value === "off") return null;
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 1 && parsed <= 36_500
    ? parsed
    : new Error(`${flag} must be a number of days from 1 to 36500, or off`);
}

const describeCount = (part: { cutoff: string; count: number } | null, noun: string, verb: string) =>
  part === null ? `${noun}: kept (no retention)` : `${noun}: ${part.count} ${verb} (older than ${part.cutoff})`;

function formatReport(report: PurgeReport): string {
  const verb = report.dryRun ? "would be deleted" : "deleted";
  return `${describeCount(report.scans, "scans", verb)}\n${describeCount(report.auditEvents, "audit events", verb)}\n`;
}

/** `pnpm data`: purge data past its retention, or back the SQLite file up. Returns the exit code. */
export async function runDataCommand(
  argv: readonly string[],
  io: CommandIo & { env?: Readonly<Record<string, string | undefined>> },
): Promise<number> {
  const env = io.env ?? process.env;
  const command = parseOperatorCommand(
    {
      name: "data",
      usage: DATA_USAGE,
      options: {
        "scans-days": { type: "string" },
        "audit-days": { type: "string" },
        "dry-run": { type: "boolean" },
        to: { type: "string" },
        "data-dir": { type: "string" },
        "redis-url": { type: "string" },
      },
    },
    argv,
    io,
  );
  if ("exitCode" in command) return command.exitCode;
  const { action, values, fail } = command;
  const [extra] = command.positionals;
  if (extra !== undefined) return fail(`unexpected argument ${extra}`);
  const databasePath = join(resolve(values["data-dir"] ?? env.PUBLIC_SCAN_DATA_DIR ?? ".data"), DATABASE_FILE);

  if (action === "backup") {
    if (values.to === undefined) return fail("backup needs --to FILE");
    if (values["redis-url"] !== undefined)
      return fail("backup copies the SQLite file; back Redis up with its own persistence (RDB or AOF)");
    try {
      const { bytes } = backupSqliteDatabase({ from: databasePath, to: resolve(values.to) });
      io.stderr(`backed up ${databasePath} to ${resolve(values.to)} (${bytes} bytes)\n`);
      return 0;
    } catch (error) {
      io.stderr(`data: backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
  }

  if (action === "purge") {
    let defaults;
    try {
      defaults = parseRetentionConfig(env);
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error));
    }
    const scanDays = days("--scans-days", values["scans-days"], defaults.scanDays);
    const auditDays = days("--audit-days", values["audit-days"], defaults.auditDays);
    if (scanDays instanceof Error) return fail(scanDays.message);
    if (auditDays instanceof Error) return fail(auditDays.message);
    const redis = values["redis-url"] ?? env.PUBLIC_SCAN_REDIS_URL;
    // A purge of a data directory that has no database would only create an empty one.
    if (redis === undefined && !existsSync(databasePath)) return fail(`no database at ${databasePath}`);
    const stores = await openOperatorStores({ dataDir: values["data-dir"], redisUrl: values["redis-url"] }, env).catch(
      (error: unknown) => error as Error,
    );
    if (stores instanceof Error) return fail(stores.message);
    try {
      const report = await purgeExpiredData(
        { scans: stores.scans(), audit: stores.keys().audit, clock: SYSTEM_CLOCK },
        { scanDays, auditDays, dryRun: values["dry-run"] ?? false },
      );
      io.stdout(formatReport(report));
      return 0;
    } catch (error) {
      io.stderr(`data: purge failed: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    } finally {
      await stores.close();
    }
  }
  return fail(`unknown action ${action}`);
}
