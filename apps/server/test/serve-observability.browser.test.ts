import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { clusterEnv, connectAdminRedis, deletePrefix, uniqueDeploymentPrefix } from "./support/cluster-env.js";
import { fixtureServeEnv } from "./support/fixture-serve-env.js";
import { parsePrometheusText, valueOf } from "./support/parse-prometheus-text.js";
import { startServeProcess, type ServeProcess } from "./support/serve-process.js";
import { waitForScan } from "./support/wait-for-scan.js";

const CANARY = "obs-canary-5e7b1d";
/** A scan of the fixture site ends scored; `completed_limited` when a phase ran short on a busy machine. */
const SCORED = ["completed", "completed_limited"];

/** The metrics URL a process printed on stdout at start. */
function metricsUrlOf(server: ServeProcess): string {
  const url = /metrics: (http:\/\/\S+\/metrics)/.exec(server.output())?.[1];
  if (url === undefined) throw new Error(`no metrics URL in:\n${server.output()}`);
  return url;
}

async function scrape(server: ServeProcess) {
  const response = await fetch(metricsUrlOf(server));
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  const text = await response.text();
  return { text, samples: parsePrometheusText(text) };
}

/** Creates a scan through the API (with a cookie and a query string the service must not repeat) and waits for its end. */
async function scanThrough(api: string, url: string): Promise<{ scanId: string; status: string }> {
  const created = await fetch(`${api}/api/v2/scans`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `session=${CANARY}` },
    body: JSON.stringify({ url: `${url}?utm_source=${CANARY}` }),
  });
  expect(created.status).toBe(202);
  const { scanId } = (await created.json()) as { scanId: string };
  return { scanId, status: (await waitForScan(api, scanId)).status };
}

/** The JSON log lines a process wrote (stderr), parsed. */
const logLines = (server: ServeProcess) =>
  server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe("pnpm serve: logs and metrics", () => {
  const site = inject("fixtureWeb").sites.find((candidate) => candidate.id === "daily-courier")!;
  let dataDir: string;
  const processes: ServeProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "public-scan-observability-"));
  });
  afterEach(async () => {
    await Promise.all(processes.splice(0).map((server) => server.stop()));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    "serves /metrics on the operator port after a request and a scan, and logs JSON lines without raw values",
    { timeout: 120_000 },
    async () => {
      // An explicit concurrency: the default follows the machine's cores and memory.
      const server = await startServeProcess({
        args: ["--concurrency", "2"],
        env: { ...fixtureServeEnv(dataDir), PUBLIC_SCAN_METRICS_PORT: "0", PUBLIC_SCAN_LOG_LEVEL: "debug" },
      });
      processes.push(server);
      expect(metricsUrlOf(server)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const { scanId, status } = await scanThrough(server.url!, site.url);
      expect(SCORED).toContain(status);
      // The public port serves no metrics.
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);

      const { text, samples } = await scrape(server);
      expect(valueOf(samples, "public_scan_http_requests_total", { route: "/api/v2/scans", method: "POST", status: "202" })).toBe(1);
      expect(
        valueOf(samples, "public_scan_http_requests_total", { route: "/api/v2/scans/{scanId}/status", status: "200" }),
      ).toBeGreaterThan(0);
      expect(valueOf(samples, "public_scan_http_requests_total", { route: "(unmatched)", status: "404" })).toBe(1);
      expect(valueOf(samples, "public_scan_http_request_duration_seconds_count", { route: "/api/v2/scans" })).toBe(1);
      expect(valueOf(samples, "public_scan_jobs_started_total")).toBe(1);
      expect(valueOf(samples, "public_scan_scans_total", { outcome: status })).toBe(1);
      expect(valueOf(samples, "public_scan_scan_duration_seconds_count", { outcome: status })).toBe(1);
      expect(valueOf(samples, "public_scan_scan_phase_duration_seconds_count", { phase: "runtime_observation" })).toBe(1);
      expect(valueOf(samples, "public_scan_queue_jobs", { state: "waiting" })).toBe(0);
      // --concurrency 2 scans, and two page slots more for their phases.
      expect(valueOf(samples, "public_scan_browser_pool_slots")).toBe(4);
      expect(valueOf(samples, "public_scan_browser_launches_total")).toBe(1);
      expect(valueOf(samples, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
      for (const value of [scanId, CANARY, new URL(site.url).hostname]) expect(text).not.toContain(value);

      const lines = logLines(server);
      expect(lines.find((line) => line.msg === "request" && line.route === "/api/v2/scans")).toMatchObject({
        level: "info",
        requestId: expect.any(String),
        status: 202,
      });
      expect(lines.find((line) => line.msg === "scan phase ended" && line.phase === "runtime_observation")).toMatchObject({ scanId });
      expect(lines.find((line) => line.msg === "scan ended")).toMatchObject({ scanId, outcome: status });
      const logged = lines.map((line) => JSON.stringify(line)).join("\n");
      for (const value of [CANARY, site.url, new URL(site.url).hostname]) expect(logged).not.toContain(value);
    },
  );

  it("serves /metrics from each role of a cluster: the api process counts requests, the worker scans and its browser", async () => {
    const admin = await connectAdminRedis();
    const prefix = uniqueDeploymentPrefix("observability");
    try {
      const env = { ...clusterEnv({ dataDir, prefix }), PUBLIC_SCAN_METRICS_PORT: "0" };
      const api = await startServeProcess({ args: ["--role", "api"], env });
      processes.push(api);
      const worker = await startServeProcess({ args: ["--role", "worker"], env });
      processes.push(worker);
      const { status } = await scanThrough(api.url!, site.url);
      expect(SCORED).toContain(status);

      const fromApi = (await scrape(api)).samples;
      expect(valueOf(fromApi, "public_scan_http_requests_total", { route: "/api/v2/scans", status: "202" })).toBe(1);
      expect(valueOf(fromApi, "public_scan_queue_jobs", { state: "waiting" })).toBe(0);
      // An api process only enqueues: no slots, no browser.
      expect(valueOf(fromApi, "public_scan_browser_pool_slots")).toBe(0);
      expect(valueOf(fromApi, "public_scan_browser_launches_total")).toBe(0);
      const fromWorker = (await scrape(worker)).samples;
      expect(valueOf(fromWorker, "public_scan_scans_total", { outcome: status })).toBe(1);
      expect(valueOf(fromWorker, "public_scan_browser_launches_total")).toBe(1);
      expect(fromWorker.some((sample) => sample.name === "public_scan_http_requests_total" && sample.value > 0)).toBe(false);
    } finally {
      await Promise.all(processes.splice(0).map((server) => server.stop()));
      await deletePrefix(admin, prefix);
      admin.disconnect();
    }
  }, 120_000);
});
