import { describe, expect, it } from "vitest";
import { createServeMetrics } from "../../src/observability/create-serve-metrics.js";
import { parseObservabilityConfig } from "../../src/observability/parse-observability-config.js";
import { serveMetricsEndpoint } from "../../src/observability/serve-metrics-endpoint.js";

describe("the metrics endpoint", () => {
  it("serves the registry at GET /metrics on loopback, and nothing else", async () => {
    const metrics = createServeMetrics();
    metrics.observer.jobStarted!({ scanId: "s1", attempt: 1 });
    const endpoint = await serveMetricsEndpoint({ registry: metrics.registry, host: "127.0.0.1", port: 0 });
    try {
      expect(endpoint.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const scraped = await fetch(endpoint.url);
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await scraped.text()).toMatch(/^public_scan_jobs_started_total 1$/m);
      const origin = new URL(endpoint.url).origin;
      expect((await fetch(`${origin}/`)).status).toBe(404);
      expect((await fetch(endpoint.url, { method: "POST" })).status).toBe(404);
    } finally {
      await endpoint.close();
    }
  });
});

describe("the observability settings", () => {
  it("default to info logs, no metrics endpoint and no traces, on loopback when metrics are asked for", () => {
    expect(parseObservabilityConfig({})).toEqual({
      logLevel: "info",
      metricsPort: null,
      metricsHost: "127.0.0.1",
      tracing: "off",
      serviceName: "public-scan",
    });
    expect(parseObservabilityConfig({ PUBLIC_SCAN_LOG_LEVEL: "DEBUG", PUBLIC_SCAN_METRICS_PORT: "9464" })).toEqual({
      logLevel: "debug",
      metricsPort: 9464,
      metricsHost: "127.0.0.1",
      tracing: "off",
      serviceName: "public-scan",
    });
  });

  it("turn traces on with PUBLIC_SCAN_TRACING=otlp, named by OTEL_SERVICE_NAME", () => {
    expect(parseObservabilityConfig({ PUBLIC_SCAN_TRACING: "OTLP", OTEL_SERVICE_NAME: "scan-eu" })).toMatchObject({
      tracing: "otlp",
      serviceName: "scan-eu",
    });
    expect(parseObservabilityConfig({ PUBLIC_SCAN_TRACING: "off", OTEL_SERVICE_NAME: " " })).toMatchObject({
      tracing: "off",
      serviceName: "public-scan",
    });
  });

  it.each([
    [{ PUBLIC_SCAN_LOG_LEVEL: "verbose" }, /PUBLIC_SCAN_LOG_LEVEL/],
    [{ PUBLIC_SCAN_METRICS_PORT: "70000" }, /PUBLIC_SCAN_METRICS_PORT/],
    [{ PUBLIC_SCAN_METRICS_PORT: "nine" }, /PUBLIC_SCAN_METRICS_PORT/],
    [{ PUBLIC_SCAN_METRICS_HOST: "0.0.0.0 --x" }, /PUBLIC_SCAN_METRICS_HOST/],
    [{ PUBLIC_SCAN_TRACING: "jaeger" }, /PUBLIC_SCAN_TRACING must be one of off, otlp/],
    [{ PUBLIC_SCAN_TRACING: "on" }, /PUBLIC_SCAN_TRACING/],
  ])("refuses %o", (env, message) => {
    expect(() => parseObservabilityConfig(env)).toThrow(message);
  });
});
