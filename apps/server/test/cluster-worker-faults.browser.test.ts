import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import {
  clusterEnv,
  connectAdminRedis,
  createScanAt,
  deletePrefix,
  readStoredScan,
  uniqueDeploymentPrefix,
  waitForStoredScan,
} from "./support/cluster-env.js";
import { waitForBrowserOf } from "./support/browser-processes.js";
import { startServeProcess, type ServeProcess } from "./support/serve-process.js";

/**
 * Fault tests of the distributed mode with real processes on the machine's Redis: an API process and
 * worker processes started as an operator starts them (`public-scan serve --role …`), killed as a
 * crash kills them. What must hold: no job is lost, no scan stays running, and the pool goes on.
 */
describe("cluster: workers that die", () => {
  const sites = inject("fixtureWeb").sites;
  const urlOf = (id: string) => sites.find((site) => site.id === id)!.url;
  let dataDir: string;
  let admin: Awaited<ReturnType<typeof connectAdminRedis>>;
  const prefixes: string[] = [];
  const processes: ServeProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "public-scan-cluster-"));
    admin = await connectAdminRedis();
  });
  afterEach(async () => {
    await Promise.all(processes.splice(0).map((process) => process.kill()));
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deletePrefix(admin, prefix);
    admin.disconnect();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(role: "api" | "worker", env: Record<string, string>): Promise<ServeProcess> {
    const started = await startServeProcess({ args: ["--role", role], env });
    processes.push(started);
    return started;
  }

  async function queueScans(api: ServeProcess, ids: readonly string[]): Promise<string[]> {
    const scanIds: string[] = [];
    for (const id of ids) {
      const created = await createScanAt(api.url!, urlOf(id));
      expect(created.status).toBe(202);
      scanIds.push(((await created.json()) as { scanId: string }).scanId);
    }
    return scanIds;
  }

  /** The deployment's invariants once the dust settles: nothing active, no job failed or left over in BullMQ. */
  async function expectNothingLost(prefix: string): Promise<void> {
    expect(await admin.scard(`${prefix}scan:active`)).toBe(0);
    const queue = `${prefix}public-scan-scans`;
    expect(await admin.llen(`${queue}:wait`)).toBe(0);
    expect(await admin.llen(`${queue}:active`)).toBe(0);
    expect(await admin.zcard(`${queue}:delayed`)).toBe(0);
    expect(await admin.zcard(`${queue}:failed`)).toBe(0);
  }

  it(
    "kill -9 of a worker mid-scan: another worker finishes its scan and the queued ones; nothing is lost or left running",
    { timeout: 240_000 },
    async () => {
      const prefix = uniqueDeploymentPrefix("kill");
      prefixes.push(prefix);
      // Longer observe windows, so the first scan is surely mid-run when its worker is killed.
      const env = { ...clusterEnv({ dataDir, prefix }), PUBLIC_SCAN_OBSERVE_MS: "1500", PUBLIC_SCAN_CONCURRENCY: "1" };
      const api = await start("api", env);
      const doomed = await start("worker", env);
      const scanIds = await queueScans(api, ["daily-courier", "quiet-bakery", "green-grocer"]);
      await waitForStoredScan(admin, { prefix, scanId: scanIds[0]!, done: (scan) => scan.status === "running" });
      await doomed.kill();
      expect(await readStoredScan(admin, { prefix, scanId: scanIds[0]! })).toMatchObject({ status: "running", attempts: 1 });

      await start("worker", env);
      for (const scanId of scanIds) {
        const done = await waitForStoredScan(admin, { prefix, scanId, timeoutMs: 90_000 });
        expect(done.status, scanId).toBe("completed");
      }
      // The killed run counted as an attempt; the second worker's run was the scan's second.
      expect(await readStoredScan(admin, { prefix, scanId: scanIds[0]! })).toMatchObject({ attempts: 2 });
      // And the API serves what another process wrote.
      const status = await fetch(`${api.url}/api/v2/scans/${scanIds[0]}/status`);
      expect(status.status).toBe(200);
      expect(await status.json()).toMatchObject({ scanId: scanIds[0], status: "completed" });
      await expectNothingLost(prefix);
    },
  );

  it(
    "a browser crash inside a worker: its scan ends failed or is retried, the pool relaunches, the next scans complete",
    { timeout: 240_000 },
    async () => {
      const prefix = uniqueDeploymentPrefix("browser-crash");
      prefixes.push(prefix);
      // This worker launches its own browser (no shared one), so the test can crash it; it trusts the fixture
      // web's CA as the shared browser does.
      const caFile = join(dataDir, "fixture-ca.pem");
      await writeFile(caFile, inject("fixtureWeb").caCertPem);
      const ownBrowser: Record<string, string> = {
        ...clusterEnv({ dataDir, prefix }),
        PUBLIC_SCAN_OBSERVE_MS: "1500",
        PUBLIC_SCAN_CONCURRENCY: "1",
        PUBLIC_SCAN_EXTRA_CA_CERTS: caFile,
      };
      delete ownBrowser.PUBLIC_SCAN_BROWSER_WS_ENDPOINT;
      delete ownBrowser.PUBLIC_SCAN_REMOTE_BROWSER;
      const api = await start("api", ownBrowser);
      const worker = await start("worker", ownBrowser);
      const scanIds = await queueScans(api, ["daily-courier", "quiet-bakery", "green-grocer"]);
      await waitForStoredScan(admin, { prefix, scanId: scanIds[0]!, done: (scan) => scan.status === "running" });
      const browser = await waitForBrowserOf(worker.child.pid!);
      process.kill(browser, "SIGKILL");

      const first = await waitForStoredScan(admin, { prefix, scanId: scanIds[0]!, timeoutMs: 90_000 });
      // Never a result made of what a dead browser saw: failed with the retryable envelope, or completed anew.
      if (first.status === "failed") expect(first.error).toMatchObject({ code: expect.any(String), retryable: true });
      else expect(first.status).toBe("completed");
      for (const scanId of scanIds.slice(1)) {
        expect((await waitForStoredScan(admin, { prefix, scanId, timeoutMs: 90_000 })).status, scanId).toBe("completed");
      }
      // The worker itself lived through it, and a browser runs again under it.
      expect(worker.child.exitCode).toBeNull();
      expect(await waitForBrowserOf(worker.child.pid!)).not.toBe(browser);
      await expectNothingLost(prefix);
    },
  );
});
