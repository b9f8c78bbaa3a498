import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { targetKeyOf, type ScanRecord, type ScanStore } from "@public-scan/core";
import { createRedisStores } from "@public-scan/storage/redis";
import { createSqliteKeyStore, createSqliteScanStore } from "@public-scan/storage/sqlite";
import { createTestAuditEvent, createTestScanRecord } from "@public-scan/storage/testing";
import { afterAll, describe, expect, it } from "vitest";
import { runDataCommand } from "../src/run-data-command.js";
import { connectAdminRedis, deletePrefix, TEST_REDIS_URL, uniqueDeploymentPrefix } from "./support/cluster-env.js";

const directories: string[] = [];
afterAll(async () => {
  for (const directory of directories) await rm(directory, { recursive: true, force: true });
});

async function dataDir(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), "public-scan-data-cli-"));
  directories.push(directory);
  return directory;
}

async function run(argv: string[], env: Record<string, string> = {}) {
  let stdout = "";
  let stderr = "";
  const code = await runDataCommand(argv, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text), env });
  return { code, stdout, stderr };
}

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

/** Two scans that ended long ago, one recent, and one still running since long ago (never purged). */
async function seedScans(store: ScanStore): Promise<ScanRecord[]> {
  const records = [
    createTestScanRecord({ scanId: "scan_old1", status: "completed", url: "https://old1.test/", completedAt: daysAgo(45) }),
    createTestScanRecord({ scanId: "scan_old2", status: "failed", url: "https://old2.test/", completedAt: daysAgo(31) }),
    createTestScanRecord({ scanId: "scan_new", status: "completed", url: "https://new.test/", completedAt: daysAgo(2) }),
    createTestScanRecord({ scanId: "scan_running", status: "running", url: "https://running.test/" }),
  ];
  for (const record of records) expect(await store.create(record, { targetKey: targetKeyOf(record) })).toBe(true);
  return records;
}

const EVENTS = [createTestAuditEvent({ keyId: "key_old", at: daysAgo(500) }), createTestAuditEvent({ keyId: "key_new", at: daysAgo(10) })];

describe("pnpm data purge", () => {
  it("counts on a dry run, then deletes scans and audit events past the default retention from the SQLite file", async () => {
    const directory = await dataDir();
    const path = join(directory, "public-scan.sqlite");
    const scans = createSqliteScanStore({ path });
    const keys = createSqliteKeyStore({ path });
    await seedScans(scans);
    for (const event of EVENTS) await keys.audit.append(event);

    const dry = await run(["purge", "--dry-run", "--data-dir", directory]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^scans: 2 would be deleted \(older than .+\)\naudit events: 1 would be deleted/);
    expect(await scans.get("scan_old1")).not.toBeNull();

    const purged = await run(["purge", "--data-dir", directory]);
    expect(purged.code, purged.stderr).toBe(0);
    expect(purged.stdout).toMatch(/^scans: 2 deleted \(older than .+\)\naudit events: 1 deleted/);
    expect(await scans.get("scan_old1")).toBeNull();
    expect(await scans.get("scan_old2")).toBeNull();
    expect(await scans.get("scan_new")).not.toBeNull();
    expect((await scans.get("scan_running"))?.status).toBe("running");
    expect((await keys.audit.list()).map((event) => event.keyId)).toStrictEqual(["key_new"]);
    await scans.close();
    await keys.close();
  });

  it("takes the retention from flags over the environment, and off keeps a kind", async () => {
    const directory = await dataDir();
    const path = join(directory, "public-scan.sqlite");
    const scans = createSqliteScanStore({ path });
    const keys = createSqliteKeyStore({ path });
    await seedScans(scans);
    for (const event of EVENTS) await keys.audit.append(event);
    const env = { PUBLIC_SCAN_SCAN_RETENTION_DAYS: "40", PUBLIC_SCAN_AUDIT_RETENTION_DAYS: "off" };
    const fromEnv = await run(["purge", "--dry-run", "--data-dir", directory], env);
    expect(fromEnv.stdout).toMatch(/^scans: 1 would be deleted .*\naudit events: kept \(no retention\)\n$/);
    const fromFlags = await run(["purge", "--scans-days", "1", "--audit-days", "5", "--data-dir", directory], env);
    expect(fromFlags.stdout).toMatch(/^scans: 3 deleted .*\naudit events: 2 deleted/);
    expect((await scans.get("scan_running"))?.status).toBe("running");
    await scans.close();
    await keys.close();
  });

  it("purges a cluster's Redis with --redis-url, under PUBLIC_SCAN_REDIS_PREFIX", async () => {
    const prefix = uniqueDeploymentPrefix("data");
    const admin = await connectAdminRedis();
    try {
      const stores = createRedisStores({ client: admin, prefix });
      const scans = stores.scans();
      const { audit } = stores.keys();
      await seedScans(scans);
      for (const event of EVENTS) await audit.append(event);
      const purged = await run(["purge", "--redis-url", TEST_REDIS_URL], { PUBLIC_SCAN_REDIS_PREFIX: prefix });
      expect(purged.code, purged.stderr).toBe(0);
      expect(purged.stdout).toMatch(/^scans: 2 deleted .*\naudit events: 1 deleted/);
      expect(await scans.get("scan_old1")).toBeNull();
      expect(await scans.latestForDomain("old1.test")).toBeNull();
      expect(await scans.get("scan_new")).not.toBeNull();
      expect((await audit.list()).map((event) => event.keyId)).toStrictEqual(["key_new"]);
    } finally {
      await deletePrefix(admin, prefix);
      admin.disconnect();
    }
  });

  it.each([
    [["purge", "--scans-days", "0"], "--scans-days must be"],
    [["purge", "--audit-days", "x"], "--audit-days must be"],
    [["backup"], "backup needs --to FILE"],
    [["backup", "--to", "copy.sqlite", "--redis-url", "redis://127.0.0.1:6379"], "back Redis up with its own persistence"],
    [["compact"], "unknown action compact"],
    [["purge", "extra"], "unexpected argument extra"],
  ])("refuses %j with exit code 2", async (argv, message) => {
    const { code, stderr } = await run([...argv, "--data-dir", await dataDir()]);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });

  it("refuses a data directory without a database rather than create one", async () => {
    const directory = await dataDir();
    const { code, stderr } = await run(["purge", "--data-dir", directory]);
    expect(code).toBe(2);
    expect(stderr).toContain("no database at");
    expect(await readdir(directory)).toStrictEqual([]);
  });
});

describe("pnpm data backup", () => {
  const rowsOf = (path: string) => {
    const db = new DatabaseSync(path, { readOnly: true });
    const rows = {
      scans: db.prepare("SELECT scan_id, status, record FROM scan_records ORDER BY scan_id").all(),
      keys: db.prepare("SELECT key_id, record FROM api_keys ORDER BY key_id").all(),
      events: db.prepare("SELECT seq, event FROM audit_events ORDER BY seq").all(),
      versions: db.prepare("SELECT component, version FROM schema_versions ORDER BY component").all(),
    };
    db.close();
    return rows;
  };

  it("copies the file while the server's stores have it open: the copy opens and holds the same rows", async () => {
    const directory = await dataDir();
    const path = join(directory, "public-scan.sqlite");
    // The server's handles stay open (WAL mode, rows still in the WAL) through the backup.
    const scans = createSqliteScanStore({ path });
    const keys = createSqliteKeyStore({ path });
    await seedScans(scans);
    for (const event of EVENTS) await keys.audit.append(event);
    const target = join(await dataDir(), "backup.sqlite");

    const backup = await run(["backup", "--to", target, "--data-dir", directory]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stderr).toMatch(/backed up .* \(\d+ bytes\)/);
    expect(rowsOf(target)).toStrictEqual(rowsOf(path));
    expect(rowsOf(target).scans).toHaveLength(4);
    // The database and its copy are readable by their owner only (they hold key hashes and audit events).
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect((await stat(`${path}-wal`)).mode & 0o777).toBe(0o600);
    expect((await stat(target)).mode & 0o777).toBe(0o600);
    // A copy is a snapshot: later writes stay in the live file.
    await keys.audit.append(createTestAuditEvent({ keyId: "key_later" }));
    expect(rowsOf(target).events).toHaveLength(2);
    // The copy is a working database for the stores (a restore is this file in place of the live one).
    const restored = createSqliteScanStore({ path: target });
    expect((await restored.get("scan_running"))?.status).toBe("running");
    await restored.close();
    await scans.close();
    await keys.close();
  });

  it("refuses an existing target and leaves it, and leaves no partial file behind", async () => {
    const directory = await dataDir();
    const scans = createSqliteScanStore({ path: join(directory, "public-scan.sqlite") });
    await seedScans(scans);
    const targetDir = await dataDir();
    const target = join(targetDir, "taken.sqlite");
    await writeFile(target, "not a backup");
    const refused = await run(["backup", "--to", target, "--data-dir", directory]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("already exists");
    expect(await readFile(target, "utf8")).toBe("not a backup");

    const missing = await run(["backup", "--to", join(targetDir, "copy.sqlite"), "--data-dir", await dataDir()]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no database at");
    expect(await readdir(targetDir)).toStrictEqual(["taken.sqlite"]);
    await scans.close();
  });
});
