import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { browserTreeOf, killSurvivorsOf } from "./support/browser-processes.js";
import { createScanAt } from "./support/cluster-env.js";
import { fixtureServeEnv } from "./support/fixture-serve-env.js";
import { startServeProcess, type ServeProcess } from "./support/serve-process.js";

/**
 * However `pnpm serve` ends, the browser it launched ends with it: the grace period, a second signal that
 * cuts it short, an uncaught error (contained, then a normal stop), a SIGKILL (an OOM kill of Node), and a renderer killed (an OOM kill
 * inside the browser) before a normal stop. Each case starts a real server with its own browser, starts a
 * scan so that the browser runs, ends the server that way, and checks that no process of the browser's
 * tree is left.
 */
describe("pnpm serve leaves no browser behind", () => {
  const web = inject("fixtureWeb");
  const urlOf = (id: string) => web.sites.find((site) => site.id === id)!.url;
  let root: string;
  let preload: string;
  const started: ServeProcess[] = [];

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "public-scan-leaks-"));
    await writeFile(join(root, "fixture-ca.pem"), web.caCertPem);
    // Loaded into the server with --import: SIGUSR2 throws an error nothing catches, as a bug would.
    preload = join(root, "uncaught-on-sigusr2.mjs");
    await writeFile(preload, `process.on("SIGUSR2", () => setImmediate(() => { throw new Error("an uncaught error, on purpose"); }));\n`);
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.kill()));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  /** A server that launches its own browser (not the suite's shared one), with a scan running in it. */
  async function serverWithRunningScan(label: string, env: Record<string, string> = {}) {
    const dataDir = join(root, label);
    const own: Record<string, string> = {
      ...fixtureServeEnv(dataDir),
      PUBLIC_SCAN_OBSERVE_MS: "2000",
      PUBLIC_SCAN_CONCURRENCY: "1",
      PUBLIC_SCAN_EXTRA_CA_CERTS: join(root, "fixture-ca.pem"),
      PUBLIC_SCAN_ACCOUNTS: "off",
      ...env,
    };
    delete own.PUBLIC_SCAN_BROWSER_WS_ENDPOINT;
    delete own.PUBLIC_SCAN_REMOTE_BROWSER;
    const server = await startServeProcess({ args: [], env: own });
    started.push(server);
    const hasRenderer = () => browserTreeOf(server.child.pid!).some((row) => row.args.includes("--type=renderer"));
    // Wait until a page is open, so that renderers exist too. A browser that failed to start (rare on a busy
    // machine; the launcher already retried) fails that scan and is launched again for the next: this test is
    // about what is left behind, so it starts one more scan then, and shows the server's output if that fails.
    let scanId: string;
    const scansEnded = () => server.output().split('"msg":"scan ended"').length - 1;
    for (let attempt = 1; ; attempt++) {
      const endedBefore = scansEnded();
      const created = await createScanAt(server.url!, urlOf("daily-courier"));
      expect(created.status).toBe(202);
      scanId = ((await created.json()) as { scanId: string }).scanId;
      await waitFor(
        () => hasRenderer() || scansEnded() > endedBefore,
        () => `no renderer and no scan end; the server's output:\n${server.output()}`,
      );
      if (hasRenderer()) break;
      if (attempt === 2) throw new Error(`two scans ended before a page opened; the server's output:\n${server.output()}`);
    }
    return { server, scanId, browser: browserTreeOf(server.child.pid!).map((row) => row.pid) };
  }

  async function exitOf(server: ServeProcess): Promise<number | string | null> {
    await new Promise<void>((resolve) =>
      server.child.exitCode !== null || server.child.signalCode !== null ? resolve() : server.child.once("exit", () => resolve()),
    );
    return server.child.signalCode ?? server.child.exitCode;
  }

  it("SIGTERM with a scan running: the grace period ends, the browser is closed", { timeout: 90_000 }, async () => {
    const { server, browser } = await serverWithRunningScan("graceful", { PUBLIC_SCAN_SHUTDOWN_GRACE_MS: "300" });
    server.child.kill("SIGTERM");
    expect(await exitOf(server)).toBe(0);
    expect(await killSurvivorsOf(browser)).toEqual([]);
  });

  it("two signals in quick succession (a process manager and the package manager both forward one)", { timeout: 90_000 }, async () => {
    const { server, browser } = await serverWithRunningScan("two-signals", { PUBLIC_SCAN_SHUTDOWN_GRACE_MS: "15000" });
    server.child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 50));
    server.child.kill("SIGINT");
    expect(await exitOf(server)).toBe(130);
    expect(await killSurvivorsOf(browser)).toEqual([]);
  });

  it("an uncaught error is logged and contained: the server goes on, then stops clean with its browser", { timeout: 90_000 }, async () => {
    const { server, browser } = await serverWithRunningScan("uncaught", { NODE_OPTIONS: `--import=${preload}` });
    server.child.kill("SIGUSR2");
    await waitFor(
      () => server.output().includes("uncaught exception (contained"),
      () => `the uncaught error was not logged; the server's output:\n${server.output()}`,
    );
    expect(server.output()).toContain("an uncaught error, on purpose");
    expect(server.child.exitCode).toBeNull();
    expect((await fetch(`${server.url}/api/v2/health`)).status).toBe(200);
    server.child.kill("SIGTERM");
    expect(await exitOf(server)).toBe(0);
    expect(await killSurvivorsOf(browser)).toEqual([]);
  });

  it("SIGKILL of the server (an OOM kill of Node): no shutdown code runs, the browser still ends", { timeout: 90_000 }, async () => {
    const { server, browser } = await serverWithRunningScan("sigkill");
    // Not server.kill(): that helper also kills the browser, which is what must happen without help.
    server.child.kill("SIGKILL");
    expect(await exitOf(server)).toBe("SIGKILL");
    expect(await killSurvivorsOf(browser)).toEqual([]);
  });

  it(
    "a renderer killed mid-scan (an OOM kill inside the browser): the scan ends, the server goes on, then stops clean",
    { timeout: 120_000 },
    async () => {
      const { server, scanId } = await serverWithRunningScan("renderer");
      const renderer = browserTreeOf(server.child.pid!).find((row) => row.args.includes("--type=renderer"))!;
      process.kill(renderer.pid, "SIGKILL");
      const ended = await waitForScanEnd(server.url!, scanId);
      expect(["failed", "completed", "completed_limited"]).toContain(ended);
      // The same browser serves the next scan.
      const next = await createScanAt(server.url!, urlOf("quiet-bakery"));
      expect(next.status).toBe(202);
      const { scanId: nextId } = (await next.json()) as { scanId: string };
      expect(await waitForScanEnd(server.url!, nextId)).toBe("completed");
      const browser = browserTreeOf(server.child.pid!).map((row) => row.pid);
      expect(browser.length).toBeGreaterThan(0);
      server.child.kill("SIGTERM");
      expect(await exitOf(server)).toBe(0);
      expect(await killSurvivorsOf(browser)).toEqual([]);
    },
  );
});

async function waitFor(condition: () => boolean, explain: () => string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(explain());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls the scan's status (once a second: well inside the status-poll limit) until it ends. */
async function waitForScanEnd(origin: string, scanId: string, timeoutMs = 60_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${origin}/api/v2/scans/${scanId}/status`);
    const { status } = (await response.json()) as { status: string };
    if (!["queued", "running", "pending"].includes(status)) return status;
    if (Date.now() > until) throw new Error(`scan ${scanId} still ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
