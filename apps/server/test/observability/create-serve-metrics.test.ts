import { describe, expect, it } from "vitest";
import { createServeMetrics } from "../../src/observability/create-serve-metrics.js";
import { SERVE_METRIC_NAMES } from "../../src/observability/serve-metric-names.js";

/** The value of one sample line `name{labels} value` of the exposition text, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("the reference server's metrics", () => {
  it("count requests, scans, phases and refusals as the observer is told them", async () => {
    const metrics = createServeMetrics();
    const { observer } = metrics;
    observer.requestFinished!({ requestId: "r1", method: "GET", route: "/api/v2/scans/{scanId}", status: 200, durationMs: 12 });
    observer.requestFinished!({ requestId: "r2", method: "GET", route: "/api/v2/scans/{scanId}", status: 200, durationMs: 30 });
    observer.requestFinished!({ requestId: "r3", method: "POST", route: "/api/v2/scans", status: 429, durationMs: 3 });
    observer.jobStarted!({ scanId: "s1", attempt: 1 });
    observer.phaseEnded!({ scanId: "s1", phase: "runtime_observation", durationMs: 2500 });
    observer.scanEnded!({ scanId: "s1", outcome: "completed", durationMs: 9000, errorCode: null });
    observer.limitRefused!({ profile: "anonymous_scan", scope: "ip" });
    const text = await metrics.registry.metrics();

    expect(sample(text, 'public_scan_http_requests_total{route="/api/v2/scans/{scanId}",method="GET",status="200"}')).toBe(2);
    expect(sample(text, 'public_scan_http_requests_total{route="/api/v2/scans",method="POST",status="429"}')).toBe(1);
    expect(sample(text, 'public_scan_http_request_duration_seconds_bucket{le="0.025",route="/api/v2/scans/{scanId}",method="GET"}')).toBe(
      1,
    );
    expect(sample(text, "public_scan_jobs_started_total")).toBe(1);
    expect(sample(text, 'public_scan_scans_total{outcome="completed"}')).toBe(1);
    expect(sample(text, 'public_scan_scan_duration_seconds_sum{outcome="completed"}')).toBe(9);
    expect(sample(text, 'public_scan_scan_phase_duration_seconds_sum{phase="runtime_observation"}')).toBe(2.5);
    expect(sample(text, 'public_scan_limit_refusals_total{profile="anonymous_scan",scope="ip"}')).toBe(1);
    // No id reaches a label.
    expect(text).not.toMatch(/"r1"|"s1"/);
  });

  it("read the queue's depth and the browser pool when scraped, counting launches once each", async () => {
    const metrics = createServeMetrics();
    let stats = { running: 2, waiting: 1, pages: 3, launches: 1 };
    metrics.watch({
      queue: { depth: () => Promise.resolve({ waiting: 7, running: 2 }) },
      browserPool: { stats: () => stats },
      browserPoolSlots: 4,
    });
    let text = await metrics.registry.metrics();
    expect(sample(text, 'public_scan_queue_jobs{state="waiting"}')).toBe(7);
    expect(sample(text, 'public_scan_queue_jobs{state="running"}')).toBe(2);
    expect(sample(text, "public_scan_browser_pool_slots")).toBe(4);
    expect(sample(text, 'public_scan_browser_pool_scans{state="running"}')).toBe(2);
    // Two scans, one of them with its accept visit beside it.
    expect(sample(text, "public_scan_browser_pool_pages")).toBe(3);
    expect(sample(text, 'public_scan_browser_pool_scans{state="waiting"}')).toBe(1);
    expect(sample(text, "public_scan_browser_launches_total")).toBe(1);
    // A relaunch after a crash; a second scrape without one adds nothing.
    stats = { running: 0, waiting: 0, pages: 0, launches: 2 };
    await metrics.registry.metrics();
    text = await metrics.registry.metrics();
    expect(sample(text, "public_scan_browser_launches_total")).toBe(2);
  });

  it("keep the last queue depth when the queue cannot answer, and still serve the scrape", async () => {
    const metrics = createServeMetrics();
    let up = true;
    metrics.watch({ queue: { depth: () => (up ? Promise.resolve({ waiting: 3, running: 1 }) : Promise.reject(new Error("redis down"))) } });
    await metrics.registry.metrics();
    up = false;
    const text = await metrics.registry.metrics();
    expect(sample(text, 'public_scan_queue_jobs{state="waiting"}')).toBe(3);
  });

  it("register every name of SERVE_METRIC_NAMES, and Node's default metrics", async () => {
    const metrics = createServeMetrics();
    const registered = new Set((await metrics.registry.getMetricsAsJSON()).map((metric) => metric.name));
    for (const name of Object.values(SERVE_METRIC_NAMES)) expect(registered, name).toContain(name);
    expect(registered).toContain("process_cpu_user_seconds_total");
  });
});
