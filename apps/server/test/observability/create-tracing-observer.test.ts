import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from "@opentelemetry/sdk-trace";
import { describe, expect, it } from "vitest";
import { createTracingObserver } from "../../src/observability/create-tracing-observer.js";

/** An observer whose spans are kept in memory as they end, on a clock the test moves. */
function tracedObserver() {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const clock = { now: 1_800_000_000_000 };
  const observer = createTracingObserver({ tracer: provider.getTracer("test"), now: () => clock.now });
  const spans = () => exporter.getFinishedSpans();
  const named = (name: string) => spans().find((span) => span.name === name);
  return { observer, clock, spans, named };
}

const millis = ([seconds, nanos]: readonly [number, number]) => seconds * 1000 + nanos / 1e6;
const durationMs = (span: ReadableSpan) => millis(span.endTime) - millis(span.startTime);

describe("the tracing observer", () => {
  it("makes a server span per answered request, named by method and route template, ending now and lasting durationMs", () => {
    const { observer, clock, named } = tracedObserver();
    observer.requestFinished({ requestId: "req_1", method: "GET", route: "/api/v2/scans/{scanId}", status: 200, durationMs: 12.5 });
    const span = named("GET /api/v2/scans/{scanId}")!;
    expect(span.kind).toBe(SpanKind.SERVER);
    expect(span.attributes).toEqual({
      "http.request.method": "GET",
      "http.route": "/api/v2/scans/{scanId}",
      "http.response.status_code": 200,
      "public_scan.request_id": "req_1",
    });
    expect(millis(span.endTime)).toBe(clock.now);
    expect(durationMs(span)).toBeCloseTo(12.5, 3);
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.parentSpanContext).toBeUndefined();
  });

  it("marks a 5xx an error but not a 4xx, and names an unusual method _OTHER rather than repeat it", () => {
    const { observer, named } = tracedObserver();
    observer.requestFinished({ requestId: "r1", method: "POST", route: "/api/v2/scans", status: 503, durationMs: 1 });
    observer.requestFinished({ requestId: "r2", method: "GET", route: "(unmatched)", status: 404, durationMs: 1 });
    observer.requestFinished({ requestId: "r3", method: "SNEAKY-canary", route: "/api/v2/health", status: 405, durationMs: 1 });
    expect(named("POST /api/v2/scans")!.status.code).toBe(SpanStatusCode.ERROR);
    expect(named("GET (unmatched)")!.status.code).toBe(SpanStatusCode.UNSET);
    expect(named("HTTP /api/v2/health")!.attributes["http.request.method"]).toBe("_OTHER");
  });

  it("makes a scan span from the job's start to its end, with one child span per phase lasting the phase", () => {
    const { observer, clock, spans, named } = tracedObserver();
    const started = clock.now;
    observer.jobStarted({ scanId: "scn_1", attempt: 2 });
    clock.now += 400;
    observer.phaseEnded({ scanId: "scn_1", phase: "launching_browser", durationMs: 400 });
    clock.now += 1_500;
    observer.phaseEnded({ scanId: "scn_1", phase: "runtime_observation", durationMs: 1_500 });
    expect(named("scan")).toBeUndefined();
    clock.now += 10;
    observer.phaseEnded({ scanId: "scn_1", phase: "projection", durationMs: 10 });
    observer.scanEnded({ scanId: "scn_1", outcome: "completed", durationMs: 1_910, errorCode: null });

    const scan = named("scan")!;
    expect(scan.attributes).toEqual({
      "public_scan.scan.id": "scn_1",
      "public_scan.scan.attempt": 2,
      "public_scan.scan.outcome": "completed",
    });
    expect(millis(scan.startTime)).toBe(started);
    expect(durationMs(scan)).toBe(1_910);
    expect(scan.status.code).toBe(SpanStatusCode.UNSET);
    const phases = spans().filter((span) => span.name.startsWith("scan phase "));
    expect(phases.map((span) => span.name)).toEqual([
      "scan phase launching_browser",
      "scan phase runtime_observation",
      "scan phase projection",
    ]);
    for (const phase of phases) {
      expect(phase.parentSpanContext?.spanId).toBe(scan.spanContext().spanId);
      expect(phase.spanContext().traceId).toBe(scan.spanContext().traceId);
      expect(phase.attributes["public_scan.scan.id"]).toBe("scn_1");
    }
    expect(durationMs(phases[1]!)).toBe(1_500);
    expect(millis(phases[1]!.endTime)).toBe(started + 1_900);
    expect(observer.openScans()).toBe(0);
  });

  it("marks a failed scan an error with its code, the code and never free text as the status message", () => {
    const { observer, named } = tracedObserver();
    observer.jobStarted({ scanId: "scn_2", attempt: 1 });
    observer.scanEnded({ scanId: "scn_2", outcome: "failed", durationMs: 5, errorCode: "internal_error" });
    const scan = named("scan")!;
    expect(scan.status).toEqual({ code: SpanStatusCode.ERROR, message: "internal_error" });
    expect(scan.attributes["public_scan.scan.error_code"]).toBe("internal_error");
    expect(scan.attributes["public_scan.scan.outcome"]).toBe("failed");
  });

  it("ends the scan spans still open at shutdown, marked, and keeps none", () => {
    const { observer, spans } = tracedObserver();
    observer.jobStarted({ scanId: "scn_a", attempt: 1 });
    observer.jobStarted({ scanId: "scn_b", attempt: 1 });
    expect(observer.openScans()).toBe(2);
    expect(spans()).toHaveLength(0);
    observer.endOpenSpans();
    expect(observer.openScans()).toBe(0);
    expect(spans().map((span) => [span.attributes["public_scan.scan.id"], span.attributes["public_scan.scan.ended_at_shutdown"]])).toEqual([
      ["scn_a", true],
      ["scn_b", true],
    ]);
    // An end heard after shutdown finds nothing to end twice.
    observer.scanEnded({ scanId: "scn_a", outcome: "handed_back", durationMs: 1, errorCode: null });
    expect(spans()).toHaveLength(2);
  });

  it("ends a scan's earlier span when the same scan starts again, and ignores phases and ends of scans it did not see start", () => {
    const { observer, spans } = tracedObserver();
    observer.phaseEnded({ scanId: "scn_x", phase: "launching_browser", durationMs: 3 });
    observer.scanEnded({ scanId: "scn_x", outcome: "completed", durationMs: 3, errorCode: null });
    expect(spans()).toHaveLength(0);
    observer.jobStarted({ scanId: "scn_r", attempt: 1 });
    observer.jobStarted({ scanId: "scn_r", attempt: 2 });
    expect(spans()).toHaveLength(1);
    expect(observer.openScans()).toBe(1);
  });

  it("makes no span for a limit's refusal (the refused request's span and the metrics counter show it)", () => {
    const { observer, spans } = tracedObserver();
    observer.limitRefused({ profile: "anonymous_scan", scope: "ip" });
    expect(spans()).toHaveLength(0);
  });

  it("continues the caller's trace from its traceparent, and leaves an unsampled one unrecorded", () => {
    const { observer, named, spans } = tracedObserver();
    const traceId = "4bf92f3577b34da6a3ce929d0e0e4736";
    observer.requestFinished({
      requestId: "r1",
      method: "GET",
      route: "/api/v2/health",
      status: 200,
      durationMs: 1,
      traceParent: `00-${traceId}-00f067aa0ba902b7-01`,
    });
    const joined = named("GET /api/v2/health")!;
    expect(joined.spanContext().traceId).toBe(traceId);
    expect(joined.parentSpanContext).toMatchObject({ traceId, spanId: "00f067aa0ba902b7", isRemote: true });

    // The caller chose not to sample its trace: the default parent-based sampler records nothing for it.
    observer.requestFinished({
      requestId: "r2",
      method: "POST",
      route: "/api/v2/scans",
      status: 202,
      durationMs: 1,
      traceParent: `00-${traceId}-00f067aa0ba902b7-00`,
    });
    expect(named("POST /api/v2/scans")).toBeUndefined();
    expect(spans()).toHaveLength(1);
  });
});
