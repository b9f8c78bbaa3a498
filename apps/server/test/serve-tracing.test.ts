import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startOtlpCollectorStub } from "./support/otlp-collector-stub.js";
import { startServeProcess, type ServeProcess } from "./support/serve-process.js";

const CANARY = "trace-e2e-canary-9c4d2e";

/**
 * `pnpm serve` with PUBLIC_SCAN_TRACING=otlp, as an operator starts it (the built server, a child process), sends
 * its spans to the collector named by OTEL_EXPORTER_OTLP_ENDPOINT. The collector is a stub on loopback (no
 * real OpenTelemetry Collector runs here); no browser is needed, as no scan is made.
 */
describe("pnpm serve: traces", () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A traced server on a data directory of its own, sending to `endpoint`; stopped and removed after the test. */
  async function startTracedServe(endpoint: string, env: Record<string, string> = {}): Promise<ServeProcess> {
    const dataDir = await mkdtemp(join(tmpdir(), "public-scan-tracing-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const server = await startServeProcess({
      args: [],
      env: {
        PUBLIC_SCAN_PORT: "0",
        PUBLIC_SCAN_DATA_DIR: dataDir,
        PUBLIC_SCAN_TRACING: "otlp",
        OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
        ...env,
      },
    });
    cleanups.push(() => server.stop());
    return server;
  }

  it(
    "exports a span per request over OTLP/HTTP, with the service's name and role, when the process stops",
    { timeout: 30_000 },
    async () => {
      const collector = await startOtlpCollectorStub();
      cleanups.push(() => collector.close());
      const server = await startTracedServe(collector.url, {
        OTEL_EXPORTER_OTLP_HEADERS: "x-collector-token=stub-token",
        OTEL_SERVICE_NAME: "public-scan-e2e",
      });
      expect(server.output()).toContain("traces: OpenTelemetry spans over OTLP/HTTP");
      expect(server.output()).not.toContain(collector.url);

      expect((await fetch(`${server.url}/api/v2/health`)).status).toBe(200);
      // Refused or not found, whichever: the span is named by the route's template, never the path.
      await fetch(`${server.url}/api/v2/scans/scn_${CANARY}/status?token=${CANARY}`, { headers: { cookie: `s=${CANARY}` } });
      expect((await fetch(`${server.url}/${CANARY}?q=${CANARY}`)).status).toBe(404);
      // Batched spans leave at the latest when the process shuts down.
      expect(await server.stop()).toBe(0);

      expect(collector.received.length).toBeGreaterThan(0);
      for (const entry of collector.received) {
        expect(entry.path).toBe("/v1/traces");
        expect(entry.contentType).toMatch(/^application\/json/);
        expect(entry.headers["x-collector-token"]).toBe("stub-token");
        expect(entry.body).not.toContain(CANARY);
      }
      const spans = collector.spans();
      expect(spans.map((span) => span.name)).toEqual(
        expect.arrayContaining(["GET /api/v2/health", "GET /api/v2/scans/{scanId}/status", "GET (unmatched)"]),
      );
      const health = spans.find((span) => span.name === "GET /api/v2/health")!;
      expect(health.attributes).toMatchObject({
        "http.request.method": "GET",
        "http.route": "/api/v2/health",
        "http.response.status_code": 200,
        "public_scan.request_id": expect.any(String),
      });
      expect(health.resource).toMatchObject({ "service.name": "public-scan-e2e", "public_scan.role": "all" });
    },
  );

  it("stops within a few seconds when the collector never answers", { timeout: 30_000 }, async () => {
    const collector = await startOtlpCollectorStub({ silent: true });
    cleanups.push(() => collector.close());
    const server = await startTracedServe(collector.url);
    expect((await fetch(`${server.url}/api/v2/health`)).status).toBe(200);
    const stopping = Date.now();
    expect(await server.stop()).toBe(0);
    // The close path waits up to 3 s (TRACING_CLOSE_TIMEOUT_MS) for the last spans, then drops them.
    expect(Date.now() - stopping).toBeLessThan(10_000);
    expect(collector.received.length).toBeGreaterThan(0);
    expect(server.output()).toMatch(/spans not sent within 3000 ms of shutdown/);
  });
});
