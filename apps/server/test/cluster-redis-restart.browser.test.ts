import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { clusterEnv, connectAdminRedis, createScanAt, uniqueDeploymentPrefix, waitForStoredScan } from "./support/cluster-env.js";
import { startPrivateRedis } from "./support/private-redis.js";
import { startServeProcess, type ServeProcess } from "./support/serve-process.js";

type Envelope = { error: { code: string; retryable: boolean; retryAfterSeconds: number | null } };

/**
 * Redis restarted under a running cluster (an API process and a worker): while it is down the API answers the
 * contract's error envelope (500, retryable) promptly, it recovers by itself once Redis is back, and nothing
 * is half-written: the scans acknowledged before are intact and the requests refused meanwhile left nothing.
 */
describe("cluster: Redis restarted mid-run", () => {
  const site = inject("fixtureWeb").sites.find((candidate) => candidate.id === "quiet-bakery")!;
  let dir: string;
  let redis: Awaited<ReturnType<typeof startPrivateRedis>>;
  const processes: ServeProcess[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "public-scan-redis-restart-"));
    redis = await startPrivateRedis(dir);
  });
  afterAll(async () => {
    await Promise.all(processes.map((process) => process.kill()));
    await redis.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("answers 500 retryable while Redis is down, recovers by itself, and keeps what was acknowledged", { timeout: 120_000 }, async () => {
    const prefix = uniqueDeploymentPrefix("restart");
    const env = clusterEnv({ dataDir: join(dir, "data"), prefix, redisUrl: redis.url });
    const api = await startServeProcess({ args: ["--role", "api"], env });
    processes.push(api, await startServeProcess({ args: ["--role", "worker"], env }));
    let admin = await connectAdminRedis(redis.url);

    const before = (await (await createScanAt(api.url!, site.url)).json()) as { scanId: string };
    expect((await waitForStoredScan(admin, { prefix, scanId: before.scanId })).status).toMatch(/^completed/);
    admin.disconnect();

    await redis.stop();
    for (const request of [
      () => fetch(`${api.url}/api/v2/scans/${before.scanId}/status`, { signal: AbortSignal.timeout(20_000) }),
      () => createScanAt(api.url!, `${site.url}during-outage`),
    ]) {
      const startedAt = Date.now();
      const answer = await request();
      expect(answer.status).toBe(500);
      expect(((await answer.json()) as Envelope).error).toMatchObject({ code: "internal_error", retryable: true });
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      // Promptly: a request does not hang until Redis is back.
      expect(Date.now() - startedAt).toBeLessThan(15_000);
    }

    await redis.start();
    // No restart of the processes: their connections come back by themselves.
    const until = Date.now() + 30_000;
    let status = 0;
    while (status !== 200 && Date.now() < until) {
      status = (await fetch(`${api.url}/api/v2/scans/${before.scanId}/status`)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
    admin = await connectAdminRedis(redis.url);
    // Acknowledged before the restart: still there, unchanged.
    expect(await (await fetch(`${api.url}/api/v2/scans/${before.scanId}/status`)).json()).toMatchObject({
      status: expect.stringMatching(/^completed/),
    });
    // And the worker runs new scans again.
    const after = (await (await createScanAt(api.url!, `${site.url}after-restart`)).json()) as { scanId: string };
    expect((await waitForStoredScan(admin, { prefix, scanId: after.scanId })).status).toMatch(/^completed/);
    // Nothing half-written: only the two acknowledged scans exist, none active, no job left or failed.
    const [, records] = await admin.scan("0", "MATCH", `${prefix}scan:r:*`, "COUNT", 1000);
    expect(records.sort()).toEqual([`${prefix}scan:r:${before.scanId}`, `${prefix}scan:r:${after.scanId}`].sort());
    expect(await admin.scard(`${prefix}scan:active`)).toBe(0);
    expect(await admin.zcard(`${prefix}public-scan-scans:failed`)).toBe(0);
    admin.disconnect();
  });
});
