// The server of the MCP read benchmark, in its own process so the clients do not share its event loop: the
// REST app with the hosted MCP endpoint mounted at /mcp, as the reference server mounts it, on the
// reference server's embedded stores (one SQLite file for scans and keys) holding one completed scan. A
// second app on the same service answers /mcp with one JSON body instead of an SSE stream (`jsonResponse`).
//
// The rate limits are off (the apps get the service without `limits`), so the one key can read the one
// scan as often as the run asks, and the ratio is the surfaces' own cost; rest-read measures the limits'.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createAnonymousScanQuota,
  createLocalService,
  createMemoryCounterStore,
  createRateLimiter,
  createScan,
  issueApiKey,
} from "@public-scan/core";
import { createRestApp, serveRestApp } from "@public-scan/http-h3";
import { createMcpHttpHandler } from "@public-scan/mcp";
import { createSqliteKeyStore, createSqliteScanStore } from "@public-scan/storage/sqlite";
import { recordedScanner } from "./recorded-scanner.mjs";

const directory = mkdtempSync(join(tmpdir(), "public-scan-mcp-bench-"));
const path = join(directory, "public-scan.sqlite");
// Limits exist only to let the anonymous seeding request through the scan quota; the apps never see them.
const limiter = createRateLimiter({ store: createMemoryCounterStore() });
const service = await createLocalService({
  scanner: recordedScanner,
  scans: createSqliteScanStore({ path }),
  config: { baseUrl: "https://scan.example.org" },
  quota: createAnonymousScanQuota(limiter),
  limits: limiter,
});
const created = await createScan(service.deps, {
  body: { url: "https://www.daily-courier.example.com/" },
  caller: { kind: "anonymous", ip: "198.51.100.1" },
});
await service.deps.queue.drain();
const keys = createSqliteKeyStore({ path });
const issued = await issueApiKey(
  { keys, clock: service.deps.clock, supportEmail: "support@example.org" },
  { kind: "support", scopes: ["scan:read", "mcp"] },
);

const deps = { ...service.deps, limits: undefined };
const appWith = (jsonResponse) =>
  createRestApp({ service: deps, keys, mcp: { hosted: createMcpHttpHandler({ service: deps, surface: "hosted", keys, jsonResponse }) } });
const sseServer = await serveRestApp({ app: appWith(false), port: 0 });
const jsonServer = await serveRestApp({ app: appWith(true), port: 0 });
process.stdout.write(
  `${JSON.stringify({ url: sseServer.url, jsonUrl: jsonServer.url, scanId: created.body.scanId, token: issued.resource.key })}\n`,
);
process.stdin.resume();
process.stdin.on("end", async () => {
  await sseServer.close({ graceMs: 0 });
  await jsonServer.close({ graceMs: 0 });
  await service.close();
  await keys.close();
  rmSync(directory, { recursive: true, force: true });
  process.exit(0);
});
