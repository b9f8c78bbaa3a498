import { createRequire } from "node:module";
import { InMemorySpanExporter, type ReadableSpan, type SpanExporter } from "@opentelemetry/sdk-trace";
import { createLocalService, type Scanner } from "@public-scan/core";
import { createMemoryKeyStore } from "@public-scan/core/testing";
import { createRestApp } from "@public-scan/http-h3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startServeTracing } from "../../src/observability/start-serve-tracing.js";

const { version } = createRequire(import.meta.url)("../../package.json") as { version: string };

/** Values no span may carry; the test sends them where a careless span would pick them up. */
const CANARY = {
  cookie: "cookie-canary-2f8c1a",
  query: "query-canary-6e0b3d",
  path: "path-canary-a41f7c",
  apiKey: "svc_ro_TraceCanary0123456789abcdefghijk",
  email: "trace-canary@example.org",
  host: "trace-canary-host.example.net",
};

/** InMemorySpanExporter, except that its spans outlive the shutdown that closing the tracing sends it. */
class KeptSpanExporter extends InMemorySpanExporter {
  override shutdown(): Promise<void> {
    this._stopped = true;
    return Promise.resolve();
  }
}

/** Everything a span could leak through: its name, attributes, status, events, links and resource. */
function exported(span: ReadableSpan): string {
  return JSON.stringify({
    name: span.name,
    attributes: span.attributes,
    status: span.status,
    events: span.events,
    links: span.links,
    resource: span.resource.attributes,
  });
}

describe("the reference server's tracing", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("names the service, its version and the process's role, and sends the spans when closed", async () => {
    const exporter = new KeptSpanExporter();
    const tracing = startServeTracing({ serviceName: "scan-eu", role: "worker", warn: () => undefined, exporter });
    tracing.observer.requestFinished({ requestId: "r1", method: "GET", route: "/api/v2/health", status: 200, durationMs: 2 });
    // Batched: nothing has left yet.
    expect(exporter.getFinishedSpans()).toHaveLength(0);
    await tracing.close();
    const [span] = exporter.getFinishedSpans();
    expect(span?.name).toBe("GET /api/v2/health");
    expect(span?.resource.attributes).toMatchObject({
      "service.name": "scan-eu",
      "service.version": version,
      "public_scan.role": "worker",
    });
  });

  it("adds OTEL_RESOURCE_ATTRIBUTES to the resource, but not over the service's own name, version and role", async () => {
    vi.stubEnv("OTEL_RESOURCE_ATTRIBUTES", "deployment.environment.name=staging,service.name=other,public_scan.role=x");
    const exporter = new KeptSpanExporter();
    const tracing = startServeTracing({ serviceName: "public-scan", role: "api", warn: () => undefined, exporter });
    tracing.observer.requestFinished({ requestId: "r1", method: "GET", route: "/api/v2/health", status: 200, durationMs: 2 });
    await tracing.close();
    expect(exporter.getFinishedSpans()[0]?.resource.attributes).toMatchObject({
      "deployment.environment.name": "staging",
      "service.name": "public-scan",
      "public_scan.role": "api",
    });
  });

  it("ends the scan spans still open when it closes, so a job that never ended leaves no span behind", async () => {
    const exporter = new KeptSpanExporter();
    const tracing = startServeTracing({ serviceName: "public-scan", role: "all", warn: () => undefined, exporter });
    tracing.observer.jobStarted({ scanId: "scn_open", attempt: 1 });
    tracing.observer.phaseEnded({ scanId: "scn_open", phase: "launching_browser", durationMs: 5 });
    await tracing.close();
    expect(tracing.observer.openScans()).toBe(0);
    const scan = exporter.getFinishedSpans().find((span) => span.name === "scan");
    expect(scan?.attributes).toMatchObject({ "public_scan.scan.id": "scn_open", "public_scan.scan.ended_at_shutdown": true });
    expect(exporter.getFinishedSpans().map((span) => span.name)).toContain("scan phase launching_browser");
  });

  it("closes within its timeout when the collector never answers, and says so", async () => {
    // An exporter that never calls back: a collector that accepted the connection and went silent.
    const silent: SpanExporter = { export: () => undefined, shutdown: () => new Promise(() => undefined) };
    const warnings: string[] = [];
    const tracing = startServeTracing({
      serviceName: "public-scan",
      role: "api",
      warn: (line) => warnings.push(line),
      exporter: silent,
      closeTimeoutMs: 200,
    });
    tracing.observer.requestFinished({ requestId: "r1", method: "GET", route: "/api/v2/health", status: 200, durationMs: 2 });
    const started = Date.now();
    await tracing.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(warnings.join("\n")).toMatch(/not sent within 200 ms/);
  });

  it("reports an exporter's failure as a warning rather than throwing", async () => {
    const failing: SpanExporter = {
      // 1: ExportResultCode.FAILED (@opentelemetry/core, not a dependency of its own).
      export: (_spans, done) => done({ code: 1, error: new Error("collector said 503") }),
      shutdown: () => Promise.resolve(),
    };
    const warnings: string[] = [];
    const tracing = startServeTracing({ serviceName: "public-scan", role: "api", warn: (line) => warnings.push(line), exporter: failing });
    tracing.observer.requestFinished({ requestId: "r1", method: "GET", route: "/api/v2/health", status: 200, durationMs: 2 });
    await expect(tracing.close()).resolves.toBeUndefined();
    expect(warnings.join("\n")).toContain("collector said 503");
  });

  it("never puts a cookie, a URL, a host, a query string, an API key or an email in a span, whatever requests and scans hold", async () => {
    const exporter = new KeptSpanExporter();
    const tracing = startServeTracing({ serviceName: "public-scan", role: "all", warn: () => undefined, exporter });
    // A scanner whose error quotes what it visited, as a browser's would.
    const scanner: Scanner = {
      scan: (input) => {
        input.onProgress?.({ phase: "runtime_observation", progressPercent: 20 });
        return Promise.reject(
          new Error(`net::ERR_FAILED at ${input.url} (cookie: session=${CANARY.cookie}; ${CANARY.email}; ${CANARY.apiKey})`),
        );
      },
      close: () => Promise.resolve(),
    };
    const local = await createLocalService({ scanner, config: { baseUrl: "https://scan.example.org" }, observer: tracing.observer });
    try {
      const app = createRestApp({ service: local.deps, keys: createMemoryKeyStore(), onError: () => undefined });
      const target = `https://${CANARY.host}/${CANARY.path}?token=${CANARY.query}&email=${encodeURIComponent(CANARY.email)}`;
      const headers = { cookie: `session=${CANARY.cookie}`, "content-type": "application/json", "x-request-id": CANARY.query };
      const keyed = await app.fetch(
        new Request("http://in-process/api/v2/scans", {
          method: "POST",
          headers: { ...headers, authorization: `Bearer ${CANARY.apiKey}` },
          body: JSON.stringify({ url: target }),
        }),
      );
      expect(keyed.status).toBe(401);
      const created = await app.fetch(
        new Request(`http://in-process/api/v2/scans?${CANARY.query}=1`, { method: "POST", headers, body: JSON.stringify({ url: target }) }),
      );
      expect(created.status).toBe(202);
      await app.fetch(new Request(`http://in-process/api/v2/domains/${CANARY.host}/latest?${CANARY.query}`, { headers }));
      await app.fetch(new Request(`http://in-process/${CANARY.path}/${encodeURIComponent(CANARY.email)}?q=${CANARY.query}`, { headers }));
      await local.deps.queue.drain();
    } finally {
      await local.close();
    }
    await tracing.close();

    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual(
      expect.arrayContaining([
        "POST /api/v2/scans",
        "GET /api/v2/domains/{domain}/latest",
        "GET (unmatched)",
        "scan",
        "scan phase runtime_observation",
      ]),
    );
    expect(spans.find((span) => span.name === "scan")?.attributes["public_scan.scan.outcome"]).toBe("failed");
    const output = spans.map(exported).join("\n");
    for (const value of Object.values(CANARY)) expect(output).not.toContain(value);
    expect(output).not.toContain(encodeURIComponent(CANARY.email));
    expect(output).not.toMatch(/https?:\/\//);
    expect(output).not.toMatch(/\?[^"\s]*=/);
  });
});
