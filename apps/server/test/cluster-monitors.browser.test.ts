import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createClient, type MonitorRun } from "@public-scan/client";
import { changingSiteUrl } from "@public-scan/fixture-web";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clusterEnv, connectAdminRedis, deletePrefix, TEST_REDIS_URL, uniqueDeploymentPrefix } from "./support/cluster-env.js";
import { startServeProcess, type ServeProcess } from "./support/serve-process.js";
import { startWebhookReceiver } from "./support/webhook-receiver.js";

const COMMAND = fileURLToPath(new URL("../bin/public-scan.mjs", import.meta.url));

/**
 * Monitors in the distributed mode, with real processes on the machine's Redis: two API processes run
 * the BullMQ job schedulers' ticks, a worker process runs the scans. Each tick must run once whichever API
 * process takes it (each delivery's message id arrives once), and a run whose process is killed mid-run
 * must be finished by another process: the same scan, the same message id delivered.
 */
describe("cluster: monitors on BullMQ job schedulers", () => {
  let dataDir: string;
  let admin: Awaited<ReturnType<typeof connectAdminRedis>>;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
  const prefixes: string[] = [];
  const processes: ServeProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "public-scan-cluster-monitors-"));
    admin = await connectAdminRedis();
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    await Promise.all(processes.splice(0).map((process) => process.kill()));
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deletePrefix(admin, prefix);
    admin.disconnect();
    await receiver?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function deployment(label: string) {
    const prefix = uniqueDeploymentPrefix(label);
    prefixes.push(prefix);
    const base = clusterEnv({ dataDir, prefix });
    const env = {
      ...base,
      PUBLIC_SCAN_RESOLVE: `hooks.monitors.test=127.0.0.1,${base.PUBLIC_SCAN_RESOLVE}`,
      PUBLIC_SCAN_ALLOW_PRIVATE_TARGETS: `${base.PUBLIC_SCAN_ALLOW_PRIVATE_TARGETS},hooks.monitors.test`,
      PUBLIC_SCAN_PHASES: "pre_consent_only",
      PUBLIC_SCAN_MONITOR_MIN_INTERVAL_SECONDS: "1",
      PUBLIC_SCAN_WEBHOOKS_ALLOW_HTTP: "true",
    };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [COMMAND, "keys", "issue", "--scopes", "scan:read,scan:create,monitor:write", "--redis-url", TEST_REDIS_URL],
      { env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", PUBLIC_SCAN_REDIS_PREFIX: prefix } },
    );
    const start = async (role: "api" | "worker") => {
      const started = await startServeProcess({ args: ["--role", role], env });
      processes.push(started);
      return started;
    };
    return { env, prefix, key: stdout.trim(), start };
  }

  /** A monitor's runs, read from a process that is up (a killed one's address no longer answers). */
  async function readRuns(key: string, api: ServeProcess): Promise<MonitorRun[]> {
    if (api.child.exitCode !== null || api.child.signalCode !== null) return [];
    const [monitor] = (await createClient({ baseUrl: api.url!, apiKey: key }).listMonitors()).monitors;
    return (await createClient({ baseUrl: api.url!, apiKey: key }).listMonitorRuns(monitor!.monitorId)).runs;
  }

  it("runs each tick once across two API processes", { timeout: 120_000 }, async () => {
    const cluster = await deployment("monitor-ticks");
    await cluster.start("worker");
    const [first, second] = [await cluster.start("api"), await cluster.start("api")];
    const client = createClient({ baseUrl: first.url!, apiKey: cluster.key });
    const monitor = await client.createMonitor({
      url: changingSiteUrl("cluster-ticks"),
      schedule: { kind: "interval", everySeconds: 2 },
      webhook: { url: `http://hooks.monitors.test:${receiver.port}/ticks` },
    });
    const mine = () => receiver.received.filter((hook) => hook.body.includes(monitor.monitorId));
    await receiver.next(() => mine().length >= 4, 90_000);
    await client.pauseMonitor(monitor.monitorId);
    const ids = mine().map((hook) => hook.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const hook of mine())
      expect(() => new Webhook(monitor.webhookSecret!).verify(hook.body, hook.headers as Record<string, string>)).not.toThrow();
    // The other process reads the same runs: one per tick, each delivered once.
    const runs = (await createClient({ baseUrl: second.url!, apiKey: cluster.key }).listMonitorRuns(monitor.monitorId)).runs;
    const delivered = runs.filter((run) => run.delivery?.status === "delivered");
    expect(delivered.length).toBeGreaterThanOrEqual(4);
    expect(new Set(runs.map((run) => run.scheduledAt)).size).toBe(runs.length);
    for (const run of delivered) expect(ids.filter((id) => id === run.delivery!.messageId)).toHaveLength(1);
  });

  it("finishes a run whose API process was killed mid-run: the same scan, the same message delivered", { timeout: 120_000 }, async () => {
    const cluster = await deployment("monitor-kill");
    await cluster.start("worker");
    const doomed = await cluster.start("api");
    const client = createClient({ baseUrl: doomed.url!, apiKey: cluster.key });
    const monitor = await client.createMonitor({
      url: changingSiteUrl("cluster-kill"),
      schedule: { kind: "interval", everySeconds: 3600 },
      webhook: { url: `http://hooks.monitors.test:${receiver.port}/kill` },
    });
    // The receiver is down for the first attempt: the run's process waits to retry when it is killed, so the
    // kill lands mid-run (the scan done, the delivery not), whatever the machine's speed.
    receiver.answer(503);
    const mine = () => receiver.received.filter((received) => received.body.includes(monitor.monitorId));
    const refused = await receiver.next((received) => received.body.includes(monitor.monitorId), 60_000);
    // Mid-run: the scan is done, the delivery pending.
    const before = await readRuns(cluster.key, doomed);
    expect(before).toMatchObject([{ status: "running", scanId: expect.any(String), delivery: { status: "pending" } }]);
    await doomed.kill();
    receiver.answer(204);
    // Another API process takes the tick over once its lock expires, and sends the same message again.
    const survivor = await cluster.start("api");
    await receiver.next(() => mine().length === 2, 60_000);
    expect(mine().map((received) => received.headers["webhook-id"])).toEqual([
      refused.headers["webhook-id"],
      refused.headers["webhook-id"],
    ]);
    const runs = await readRuns(cluster.key, survivor);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      status: "completed",
      event: "scan.completed",
      delivery: { status: "delivered", lastResponseStatus: 204 },
    });
    expect(runs[0]!.delivery!.messageId).toBe(refused.headers["webhook-id"]);
    // The same scan: the run was resumed, not run again.
    const scans = await admin.keys(`${cluster.prefix}scan:r:*`);
    expect(scans).toEqual([`${cluster.prefix}scan:r:${runs[0]!.scanId}`]);
  });
});
