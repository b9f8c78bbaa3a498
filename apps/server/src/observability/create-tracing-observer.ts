import {
  context,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Context,
  type Span,
  type Tracer,
} from "@opentelemetry/api";
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  HTTP_REQUEST_METHOD_VALUE_OTHER,
} from "@opentelemetry/semantic-conventions";
import type { ServiceObserver } from "@public-scan/core";

/** The service's own span attributes (the HTTP ones are OpenTelemetry's semantic conventions). */
export const TRACE_ATTRIBUTES = {
  requestId: "public_scan.request_id",
  scanId: "public_scan.scan.id",
  attempt: "public_scan.scan.attempt",
  outcome: "public_scan.scan.outcome",
  errorCode: "public_scan.scan.error_code",
  phase: "public_scan.scan.phase",
  endedAtShutdown: "public_scan.scan.ended_at_shutdown",
} as const;

/** The methods a span names as they are; any other is `_OTHER` (semantic conventions), so a client cannot put its own text in a span. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "CONNECT", "TRACE"]);

export interface TracingObserver extends Required<ServiceObserver> {
  /** Ends every scan span still open (marked `public_scan.scan.ended_at_shutdown`), so none outlives the process's tracer. */
  endOpenSpans(): void;
  /** How many scan spans are open: jobs started whose end this observer has not heard. */
  openScans(): number;
}

/**
 * The service's events as OpenTelemetry spans. The observer hears of a request only once it is answered, so
 * a request's span is made then, started `durationMs` before its end, in the caller's trace when the
 * request carried a `traceparent`. A scan's span opens at `jobStarted`
 * and ends at `scanEnded`, with one child span per phase (from `phaseEnded`, its duration). Attributes are
 * the events' ids, names, codes and numbers (ServiceObserver's rule): never a URL, host, query or key.
 * Limit refusals make no span: the refused request's own span (status 429) and the metrics' counter show them.
 */
export function createTracingObserver(input: { tracer: Tracer; now?: () => number }): TracingObserver {
  const { tracer } = input;
  const now = input.now ?? Date.now;
  // Open scan spans by scan id; an entry leaves at the scan's end, or at shutdown (endOpenSpans).
  const open = new Map<string, Span>();

  return {
    requestFinished: (event) => {
      const end = now();
      const upper = event.method.toUpperCase();
      const method = KNOWN_METHODS.has(upper) ? upper : HTTP_REQUEST_METHOD_VALUE_OTHER;
      const caller = event.traceParent === undefined ? undefined : callerContextOf(event.traceParent);
      const span = tracer.startSpan(
        `${method === HTTP_REQUEST_METHOD_VALUE_OTHER ? "HTTP" : method} ${event.route}`,
        {
          kind: SpanKind.SERVER,
          // Without a caller's trace, a request starts its own (never a child of whatever context is active).
          root: caller === undefined,
          startTime: end - event.durationMs,
          attributes: {
            [ATTR_HTTP_REQUEST_METHOD]: method,
            [ATTR_HTTP_ROUTE]: event.route,
            [ATTR_HTTP_RESPONSE_STATUS_CODE]: event.status,
            [TRACE_ATTRIBUTES.requestId]: event.requestId,
          },
        },
        caller,
      );
      // A server span is an error when the server failed (5xx), not when the client asked wrongly (4xx).
      if (event.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end(end);
    },
    jobStarted: (event) => {
      // The same scan started again in this process before its end was heard: the earlier span ends first.
      open.get(event.scanId)?.end(now());
      const span = tracer.startSpan("scan", {
        kind: SpanKind.CONSUMER,
        root: true,
        startTime: now(),
        attributes: { [TRACE_ATTRIBUTES.scanId]: event.scanId, [TRACE_ATTRIBUTES.attempt]: event.attempt },
      });
      open.set(event.scanId, span);
    },
    phaseEnded: (event) => {
      const parent = open.get(event.scanId);
      // A phase of a scan whose start this observer did not see has no trace to join.
      if (parent === undefined) return;
      const end = now();
      tracer
        .startSpan(
          `scan phase ${event.phase}`,
          {
            startTime: end - event.durationMs,
            attributes: { [TRACE_ATTRIBUTES.scanId]: event.scanId, [TRACE_ATTRIBUTES.phase]: event.phase },
          },
          trace.setSpan(context.active(), parent),
        )
        .end(end);
    },
    scanEnded: (event) => {
      const span = open.get(event.scanId);
      if (span === undefined) return;
      open.delete(event.scanId);
      span.setAttribute(TRACE_ATTRIBUTES.outcome, event.outcome);
      if (event.errorCode !== null) span.setAttribute(TRACE_ATTRIBUTES.errorCode, event.errorCode);
      if (event.outcome === "failed" || event.outcome === "expired") {
        // The status message is the code, never an error's free text.
        span.setStatus({ code: SpanStatusCode.ERROR, message: event.errorCode ?? event.outcome });
      }
      span.end(now());
    },
    limitRefused: () => undefined,
    endOpenSpans: () => {
      const end = now();
      for (const span of open.values()) {
        span.setAttribute(TRACE_ATTRIBUTES.endedAtShutdown, true);
        span.end(end);
      }
      open.clear();
    },
    openScans: () => open.size,
  };
}

/**
 * The caller's trace as the parent of a request's span: the ids of a `traceparent` the REST app found
 * well-formed (version 00), marked remote. Its sampled flag carries over, so under OpenTelemetry's default
 * parent-based sampler a caller that did not sample its trace gets no span from this request either.
 */
function callerContextOf(traceParent: string): Context | undefined {
  const [, traceId, spanId, flags] = traceParent.split("-");
  if (traceId === undefined || spanId === undefined || flags === undefined) return undefined;
  // The flags' lowest bit is "sampled" (W3C Trace Context); the other bits are not used here.
  const sampled = (Number.parseInt(flags, 16) & 1) === 1;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId,
    spanId,
    traceFlags: sampled ? TraceFlags.SAMPLED : TraceFlags.NONE,
    isRemote: true,
  });
}
