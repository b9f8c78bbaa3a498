// The servers of the REST read benchmark, in their own process so the load generator does not share its
// event loop: a bare h3 route answering the same Scan JSON (baseline), and the full REST app (bearer key,
// weighted limits, store read, rendering) on the reference server's embedded defaults: one SQLite file for
// scans, keys and counters, seeded with completed scans.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAnonymousScanQuota, createLocalService, createRateLimiter, createScan, getScan, issueApiKey } from "@public-scan/core";
import { createRestApp, serveRestApp } from "@public-scan/http-h3";
import { createSqliteCounterStore, createSqliteKeyStore, createSqliteScanStore } from "@public-scan/storage/sqlite";
import { H3 } from "h3";
import { recordedScanner } from "./recorded-scanner.mjs";

const directory = mkdtempSync(join(tmpdir(), "public-scan-bench-"));
const path = join(directory, "public-scan.sqlite");
const counters = createSqliteCounterStore({ path });
const limiter = createRateLimiter({ store: counters, identifierSecret: "bench" });
const service = await createLocalService({
  scanner: recordedScanner,
  scans: createSqliteScanStore({ path }),
  config: { baseUrl: "https://scan.example.org" },
  quota: createAnonymousScanQuota(limiter),
  limits: limiter,
  concurrency: 4,
});
const keys = createSqliteKeyStore({ path });
// Enough scans and keys that the weighted limits (120 units per key and scan, 480 per key, per 10 minutes)
// are charged on every request but never refuse one during a run. 97 scans, coprime with 400 keys, so a
// (key, scan) pair comes round only once every 38 800 requests.
const scanIds = [];
for (let index = 0; index < 97; index += 1) {
  const created = await createScan(service.deps, {
    body: { url: `https://site-${index}.example.com/` },
    caller: { kind: "anonymous", ip: `198.51.100.${index}` },
  });
  scanIds.push(created.body.scanId);
}
await service.deps.queue.drain();
const tokens = [];
for (let index = 0; index < 400; index += 1) {
  const issued = await issueApiKey(
    { keys, clock: service.deps.clock, supportEmail: "support@example.org" },
    { kind: "support", scopes: ["scan:read"] },
  );
  tokens.push(issued.resource.key);
}

const scanBody = JSON.stringify(
  (await getScan({ ...service.deps, limits: undefined }, { scanId: scanIds[0], caller: { kind: "anonymous", ip: "x" } })).body,
);
const bare = new H3().get("/api/v2/scans/:scanId", () => new Response(scanBody, { headers: { "content-type": "application/json" } }));
const rest = createRestApp({ service: service.deps, keys });

const bareServer = await serveRestApp({ app: bare, port: 0 });
const restServer = await serveRestApp({ app: rest, port: 0 });
process.stdout.write(`${JSON.stringify({ bareUrl: bareServer.url, restUrl: restServer.url, scanIds, tokens })}\n`);
process.stdin.resume();
process.stdin.on("end", async () => {
  await bareServer.close({ graceMs: 0 });
  await restServer.close({ graceMs: 0 });
  await service.close();
  await Promise.all([counters.close(), keys.close()]);
  rmSync(directory, { recursive: true, force: true });
  process.exit(0);
});
