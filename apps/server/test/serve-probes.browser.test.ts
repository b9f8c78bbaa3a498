import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clusterEnv, connectAdminRedis, deletePrefix, uniqueDeploymentPrefix } from "./support/cluster-env.js";
import { fixtureServeEnv } from "./support/fixture-serve-env.js";
import { startServeProcess, type ServeProcess } from "./support/serve-process.js";

/** Liveness and readiness of real `pnpm serve` processes: what an orchestrator's probes would see. */
describe("pnpm serve probes", () => {
  let root: string;
  const started: ServeProcess[] = [];
  let admin: Awaited<ReturnType<typeof connectAdminRedis>>;
  const prefixes: string[] = [];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "public-scan-probes-"));
    admin = await connectAdminRedis();
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.kill()));
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deletePrefix(admin, prefix);
    admin.disconnect();
    await rm(root, { recursive: true, force: true });
  });

  async function start(args: string[], env: Record<string, string>): Promise<ServeProcess> {
    const server = await startServeProcess({ args, env: { PUBLIC_SCAN_ACCOUNTS: "off", ...env } });
    started.push(server);
    return server;
  }

  it("a server whose browser runs is live and ready, and health lists its components", { timeout: 60_000 }, async () => {
    const server = await start([], fixtureServeEnv(join(root, "ready")));
    expect((await fetch(`${server.url}/livez`)).status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", components: { scanStore: "ok", jobQueue: "ok", scanner: "ok" } });
    const health = await fetch(`${server.url}/api/v2/health`);
    expect(await health.json()).toMatchObject({ status: "ok", components: { scanStore: "ok", jobQueue: "ok", scanner: "ok" } });
  });

  it(
    "a server whose browser cannot start is live but not ready, and health says the scanner is degraded",
    { timeout: 60_000 },
    async () => {
      const env: Record<string, string> = { ...fixtureServeEnv(join(root, "no-browser")), PUBLIC_SCAN_CHROME_PATH: "/bin/false" };
      delete env.PUBLIC_SCAN_BROWSER_WS_ENDPOINT;
      delete env.PUBLIC_SCAN_REMOTE_BROWSER;
      const server = await start([], env);
      expect((await fetch(`${server.url}/livez`)).status).toBe(200);
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      const text = await ready.text();
      expect(JSON.parse(text)).toEqual({ status: "not_ready", components: { scanStore: "ok", jobQueue: "ok", scanner: "degraded" } });
      expect(text).not.toContain("/bin/false");
      const health = await fetch(`${server.url}/api/v2/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: "degraded", components: { scanStore: "ok", scanner: "degraded" } });
    },
  );

  it("an API process of a cluster reports no scanner; a worker answers the probes on its probe port", { timeout: 60_000 }, async () => {
    const prefix = uniqueDeploymentPrefix("probes");
    prefixes.push(prefix);
    const env = clusterEnv({ dataDir: join(root, "cluster"), prefix });
    const api = await start(["--role", "api"], env);
    const ready = await fetch(`${api.url}/readyz`);
    expect(await ready.json()).toEqual({ status: "ready", components: { scanStore: "ok", jobQueue: "ok" } });

    const worker = await start(["--role", "worker"], { ...env, PUBLIC_SCAN_PROBE_PORT: "0" });
    const probes = await lineOf(worker, /probes: (http:\/\/\S+)\/livez/);
    expect((await fetch(`${probes}/livez`)).status).toBe(200);
    const workerReady = await fetch(`${probes}/readyz`);
    expect(workerReady.status).toBe(200);
    expect(await workerReady.json()).toEqual({ status: "ready", components: { scanStore: "ok", jobQueue: "ok", scanner: "ok" } });
    // Only the probes: the worker serves no API.
    expect((await fetch(`${probes}/api/v2/health`)).status).toBe(404);
  });
});

/** The first capture of `pattern` in what the process wrote, once it has written it (the line follows the start-up line). */
async function lineOf(server: ServeProcess, pattern: RegExp, timeoutMs = 5000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(server.output());
    if (match !== null) return match[1]!;
    if (Date.now() > until) throw new Error(`no ${pattern} in:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
