/**
 * W3C Trace Context, version 00: `00-<trace id>-<parent span id>-<flags>`, lower-case hex, neither id all
 * zeros. Anything else (another version, upper case, extra fields, a forged log line) is ignored, as the
 * specification asks of a header it cannot parse.
 */
const TRACE_PARENT = /^00-(?!0{32}-)[0-9a-f]{32}-(?!0{16}-)[0-9a-f]{16}-[0-9a-f]{2}$/;

/**
 * The request's `traceparent` when it is well-formed, else undefined. Taken from any caller, as tracing
 * libraries do: it only names the trace a span joins, and carries ids, never a value of the request.
 */
export function readTraceParent(headers: Headers): string | undefined {
  const value = headers.get("traceparent")?.trim();
  return value !== undefined && TRACE_PARENT.test(value) ? value : undefined;
}
