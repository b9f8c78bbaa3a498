import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { clusterEnv, connectAdminRedis, createScanAt, deletePrefix, uniqueDeploymentPrefix } from "./support/cluster-env.js";
import { startServeProcess, type ServeProcess } from "./support/serve-process.js";

const REQUESTS = 1000;
const TARGETS = 50;
const ANONYMOUS_DAILY_SCANS = 20;

type Answer = { status: number; retryAfter: string | null; body: Record<string, unknown> & { error?: Record<string, unknown> } };

/**
 * The anonymous quota under a burst across processes: 1,000 parallel creates from one address, spread over
 * two API processes sharing Redis and over 50 new targets (20 requests each). The store's atomic reservation
 * and the counters' atomic consume must together make exactly the contract's 20 new scans.
 */
describe("cluster: 1,000 parallel anonymous creates from one address across two API processes", () => {
  const sites = inject("fixtureWeb").sites.filter((site) => site.url.startsWith("https://"));
  let dataDir: string;
  let admin: Awaited<ReturnType<typeof connectAdminRedis>>;
  const prefix = uniqueDeploymentPrefix("create-race");
  const apis: ServeProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "public-scan-race-"));
    admin = await connectAdminRedis();
  });
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.kill()));
    await deletePrefix(admin, prefix);
    admin.disconnect();
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    "make exactly 20 new scans; every other answer is a 429 with a correct Retry-After, or a join of one of them",
    { timeout: 120_000 },
    async () => {
      // No worker: nothing completes, so no answer can be a reuse, and every scan stays queued for counting.
      const env = clusterEnv({ dataDir, prefix });
      apis.push(...(await Promise.all([0, 1].map(() => startServeProcess({ args: ["--role", "api"], env })))));
      const targets = Array.from({ length: TARGETS }, (_, index) => `${sites[index % sites.length]!.url}race/${index}`);

      const answers: Answer[] = await Promise.all(
        Array.from({ length: REQUESTS }, async (_, index) => {
          // A target's 20 requests are sent together, half to each process, so both race to create its scan.
          const response = await createScanAt(apis[index % 2]!.url!, targets[Math.floor(index / (REQUESTS / TARGETS))]!);
          return {
            status: response.status,
            retryAfter: response.headers.get("retry-after"),
            body: (await response.json()) as Answer["body"],
          };
        }),
      );
      const answeredAt = Date.now();

      const created = answers.filter((answer) => answer.status === 202 && answer.body.executionMode === "new_scan");
      expect(created).toHaveLength(ANONYMOUS_DAILY_SCANS);
      const newScanIds = new Set(created.map((answer) => answer.body.scanId));
      expect(newScanIds.size).toBe(ANONYMOUS_DAILY_SCANS);
      // Of 20 distinct targets: two processes never both created (and charged) a scan of one target.
      expect(new Set(created.map((answer) => answer.body.url)).size).toBe(ANONYMOUS_DAILY_SCANS);

      const nextUtcMidnight = Date.UTC(
        new Date(answeredAt).getUTCFullYear(),
        new Date(answeredAt).getUTCMonth(),
        new Date(answeredAt).getUTCDate() + 1,
      );
      for (const answer of answers) {
        if (answer.status === 202) {
          expect(["new_scan", "joined_scan"]).toContain(answer.body.executionMode);
          // A join is free and names one of the new scans.
          expect(newScanIds.has(answer.body.scanId)).toBe(true);
          continue;
        }
        expect(answer.status).toBe(429);
        expect(answer.body.error).toMatchObject({ code: "rate_limited", retryable: true });
        // The anonymous quota is per UTC day: retry when the day turns, as the header and the body both say.
        const seconds = Number(answer.retryAfter);
        expect(answer.body.error!.retryAfterSeconds).toBe(seconds);
        expect(Math.abs(seconds - (nextUtcMidnight - answeredAt) / 1000)).toBeLessThan(60);
      }
      // Nothing else was stored or queued: 20 scan records, 20 jobs.
      let cursor = "0";
      let records = 0;
      do {
        const [next, keys] = await admin.scan(cursor, "MATCH", `${prefix}scan:r:*`, "COUNT", 1000);
        records += keys.length;
        cursor = next;
      } while (cursor !== "0");
      expect(records).toBe(ANONYMOUS_DAILY_SCANS);
      expect(await admin.llen(`${prefix}public-scan-scans:wait`)).toBe(ANONYMOUS_DAILY_SCANS);
    },
  );
});
