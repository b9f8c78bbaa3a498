import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { targetKeyOf } from "@public-scan/core";
import { createSqliteKeyStore, createSqliteScanStore } from "@public-scan/storage/sqlite";
import { createTestAuditEvent, createTestScanRecord } from "@public-scan/storage/testing";
import { afterAll, describe, expect, it } from "vitest";
import { parseServeConfig } from "../src/serve/parse-serve-config.js";
import { startReferenceServer } from "../src/serve/start-reference-server.js";

const directories: string[] = [];
afterAll(async () => {
  for (const directory of directories) await rm(directory, { recursive: true, force: true });
});

// Scan ids are UUIDs on the REST surface.
const OLD = "00000000-0000-4000-8000-000000000001";
const RECENT = "00000000-0000-4000-8000-000000000002";
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/** A data directory holding a scan and an audit event past the default retention, and a recent scan. */
async function seededDataDir(): Promise<string> {
  const directory = await mkdtemp(join(tmpdir(), "public-scan-serve-retention-"));
  directories.push(directory);
  const path = join(directory, "public-scan.sqlite");
  const scans = createSqliteScanStore({ path });
  // Only ended scans: an active one would be recovered at start, which launches a browser.
  for (const record of [
    createTestScanRecord({ scanId: OLD, status: "completed", url: "https://old.test/", completedAt: daysAgo(40) }),
    createTestScanRecord({ scanId: RECENT, status: "failed", url: "https://recent.test/", completedAt: daysAgo(1) }),
  ])
    await scans.create(record, { targetKey: targetKeyOf(record) });
  await scans.close();
  const keys = createSqliteKeyStore({ path });
  await keys.audit.append(createTestAuditEvent({ at: daysAgo(500) }));
  await keys.close();
  return directory;
}

async function serve(directory: string, env: Record<string, string> = {}) {
  const lines: string[] = [];
  const config = parseServeConfig(["--port", "0", "--data-dir", directory, "--no-accounts"], {
    PUBLIC_SCAN_IDENTIFIER_SECRET: "a-test-secret-of-at-least-32-characters",
    ...env,
  });
  const server = await startReferenceServer(config, (line) => lines.push(line));
  return { server, lines };
}

describe("pnpm serve's retention sweep", () => {
  it("purges the data past its retention at start, and the purged scan answers 404", async () => {
    const directory = await seededDataDir();
    const { server, lines } = await serve(directory);
    try {
      for (let attempt = 0; attempt < 200 && !lines.some((line) => line.startsWith("retention:")); attempt += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(lines).toContain("retention: purged 1 scan(s) and 1 audit event(s)");
      // The status route is open to anonymous callers: a purged id is an unknown one.
      expect((await fetch(`${server.url}/api/v2/scans/${OLD}/status`)).status).toBe(404);
      expect((await fetch(`${server.url}/api/v2/scans/${RECENT}/status`)).status).toBe(200);
      const store = createSqliteScanStore({ path: join(directory, "public-scan.sqlite") });
      expect(await store.get(OLD)).toBeNull();
      expect((await store.get(RECENT))?.status).toBe("failed");
      await store.close();
    } finally {
      await server.close();
    }
  });

  it("with PUBLIC_SCAN_PURGE_INTERVAL_MINUTES=0 purges nothing", async () => {
    const directory = await seededDataDir();
    const { server, lines } = await serve(directory, { PUBLIC_SCAN_PURGE_INTERVAL_MINUTES: "0" });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lines.filter((line) => line.startsWith("retention:"))).toStrictEqual([]);
      const store = createSqliteScanStore({ path: join(directory, "public-scan.sqlite") });
      expect(await store.get(OLD)).not.toBeNull();
      await store.close();
    } finally {
      await server.close();
    }
  });
});
