// The servers of the REST read benchmark, in their own process so the load generator does not share its
// event loop: a bare h3 route answering the same Scan JSON (baseline), and the full REST app (bearer key,
// weighted limits, store read, rendering) twice: on the reference server's embedded defaults (one SQLite file
// for scans, keys and counters) and on Redis (scans, keys and counters at PUBLIC_SCAN_BENCH_REDIS, default
// redis://127.0.0.1:6379, under a key prefix of this run only, deleted at the end). Each is seeded with
// completed scans and keys of its own.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAnonymousScanQuota, createLocalService, createRateLimiter, createScan, getScan, issueApiKey } from "@public-scan/core";
import { createRestApp, serveRestApp } from "@public-scan/http-h3";
import { createRedisCounterStore, createRedisKeyStore, createRedisScanStore } from "@public-scan/storage/redis";
import { createSqliteCounterStore, createSqliteKeyStore, createSqliteScanStore } from "@public-scan/storage/sqlite";
import { H3 } from "h3";
import { Redis } from "ioredis";
import { recordedScanner } from "./recorded-scanner.mjs";

// Enough scans and keys that the weighted limits (120 units per key and scan, 480 per key, per 10 minutes)
// are charged on every request but never refuse one during a run: 97 scans, coprime with 1000 keys, so a
// (key, scan) pair comes round once every 97 000 requests, and a key reaches 480 after 480 000.
const SCANS = 97;
const KEYS = 1000;

/** A service with the limits on the given stores, seeded with completed scans and support keys. */
async function seededService({ scans, keys, counters }) {
  const limiter = createRateLimiter({ store: counters, identifierSecret: "bench" });
  const service = await createLocalService({
    scanner: recordedScanner,
    scans,
    config: { baseUrl: "https://scan.example.org" },
    quota: createAnonymousScanQuota(limiter),
    limits: limiter,
    concurrency: 4,
  });
  const scanIds = [];
  for (let index = 0; index < SCANS; index += 1) {
    const created = await createScan(service.deps, {
      body: { url: `https://site-${index}.example.com/` },
      caller: { kind: "anonymous", ip: `198.51.100.${index}` },
    });
    scanIds.push(created.body.scanId);
  }
  await service.deps.queue.drain();
  const tokens = [];
  for (let index = 0; index < KEYS; index += 1) {
    const issued = await issueApiKey(
      { keys, clock: service.deps.clock, supportEmail: "support@example.org" },
      { kind: "support", scopes: ["scan:read"] },
    );
    tokens.push(issued.resource.key);
  }
  const app = createRestApp({ service: service.deps, keys });
  return { service, keys, counters, app, scanIds, tokens };
}

const directory = mkdtempSync(join(tmpdir(), "public-scan-bench-"));
const path = join(directory, "public-scan.sqlite");
const sqlite = await seededService({
  scans: createSqliteScanStore({ path }),
  keys: createSqliteKeyStore({ path }),
  counters: createSqliteCounterStore({ path }),
});

// One client for the three stores, as a host would share its connection.
const redis = new Redis(process.env.PUBLIC_SCAN_BENCH_REDIS ?? "redis://127.0.0.1:6379");
const prefix = `public-scan-bench:${randomUUID()}:`;
const onRedis = await seededService({
  scans: createRedisScanStore({ client: redis, keyPrefix: `${prefix}scan:` }),
  keys: createRedisKeyStore({ client: redis, keyPrefix: `${prefix}key:` }),
  counters: createRedisCounterStore({ client: redis, keyPrefix: `${prefix}counter:` }),
});

const scanBody = JSON.stringify(
  (await getScan({ ...sqlite.service.deps, limits: undefined }, { scanId: sqlite.scanIds[0], caller: { kind: "anonymous", ip: "x" } }))
    .body,
);
const bare = new H3().get("/api/v2/scans/:scanId", () => new Response(scanBody, { headers: { "content-type": "application/json" } }));

const bareServer = await serveRestApp({ app: bare, port: 0 });
const sqliteServer = await serveRestApp({ app: sqlite.app, port: 0 });
const redisServer = await serveRestApp({ app: onRedis.app, port: 0 });
process.stdout.write(
  `${JSON.stringify({
    bare: { url: bareServer.url, scanIds: sqlite.scanIds },
    sqlite: { url: sqliteServer.url, scanIds: sqlite.scanIds, tokens: sqlite.tokens },
    redis: { url: redisServer.url, scanIds: onRedis.scanIds, tokens: onRedis.tokens },
  })}\n`,
);

/** Deletes every key of this run (SCAN, not KEYS, so a shared server is not blocked). */
async function deleteRunKeys() {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    if (keys.length > 0) await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== "0");
}

process.stdin.resume();
process.stdin.on("end", async () => {
  await Promise.all([bareServer, sqliteServer, redisServer].map((server) => server.close({ graceMs: 0 })));
  for (const { service, keys, counters } of [sqlite, onRedis]) {
    await service.close();
    await Promise.all([counters.close(), keys.close()]);
  }
  await deleteRunKeys();
  await redis.quit();
  rmSync(directory, { recursive: true, force: true });
  process.exit(0);
});
