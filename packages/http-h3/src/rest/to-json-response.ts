import { API_VERSION, HEADERS, toErrorEnvelope, toHttpStatus, type ScanExportDocument } from "@public-scan/core";

export interface JsonResponseInput {
  status: number;
  body: unknown;
  requestId: string;
  /** Sent as Retry-After (whole seconds) on 202 and 429. */
  retryAfterSeconds?: number | null;
  headers?: Record<string, string>;
}

/** The headers every response carries (contract "Endpoints"), plus no caching of per-caller answers. */
export function baseHeaders(requestId: string): Record<string, string> {
  return {
    [HEADERS.apiVersion]: API_VERSION,
    [HEADERS.requestId]: requestId,
    // Bodies carry the caller's quota and may change on the next poll: no shared cache may keep them.
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  };
}

/** A JSON response with the contract's headers. */
export function toJsonResponse(input: JsonResponseInput): Response {
  const headers: Record<string, string> = {
    "content-type": "application/json; charset=utf-8",
    ...baseHeaders(input.requestId),
    ...input.headers,
  };
  if ((input.status === 202 || input.status === 429) && input.retryAfterSeconds != null) {
    headers[HEADERS.retryAfter] = String(Math.max(0, Math.ceil(input.retryAfterSeconds)));
  }
  return new Response(JSON.stringify(input.body), { status: input.status, headers });
}

/**
 * An export as a download: its media type, and `attachment` with its file name, so a browser saves it
 * rather than showing it. A sandbox CSP as well: the HTML export opened straight from the API runs nothing
 * and cannot reach this origin's cookies or storage.
 */
export function toFileResponse(document: ScanExportDocument, context: { requestId: string; headers?: Record<string, string> }): Response {
  return new Response(document.content, {
    status: 200,
    headers: {
      "content-type": document.mediaType,
      "content-disposition": `attachment; filename="${document.fileName}"`,
      "content-security-policy": "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      ...baseHeaders(context.requestId),
      ...context.headers,
    },
  });
}

/**
 * Anything thrown, as the contract's error envelope with its HTTP status and headers. Retry-After goes
 * with every retryable error that names a wait (429, and 500 with its default 30 s).
 */
export function toErrorResponse(error: unknown, context: { requestId: string; headers?: Record<string, string> }): Response {
  const envelope = toErrorEnvelope(error);
  const status = toHttpStatus(error);
  const headers = { ...context.headers };
  if (envelope.error.retryAfterSeconds !== null && status !== 429) headers["retry-after"] = String(envelope.error.retryAfterSeconds);
  return toJsonResponse({
    status,
    body: envelope,
    requestId: context.requestId,
    retryAfterSeconds: envelope.error.retryAfterSeconds,
    headers,
  });
}

/**
 * CORS for browser clients of the bearer API: any origin may read, no cookies are involved
 * (`Access-Control-Allow-Origin: *` never carries credentials), and the contract's headers are readable.
 */
export function corsHeaders(enabled: boolean): Record<string, string> {
  if (!enabled) return {};
  return {
    "access-control-allow-origin": "*",
    "access-control-expose-headers": [HEADERS.apiVersion, HEADERS.requestId, HEADERS.retryAfter, "Content-Disposition"].join(", "),
  };
}

/** The answer to a preflight: which methods and request headers the route takes, cached for ten minutes. */
export function preflightHeaders(input: { enabled: boolean; methods: readonly string[] }): Record<string, string> {
  const allow = { allow: [...input.methods, "OPTIONS"].join(", ") };
  if (!input.enabled) return allow;
  return {
    ...allow,
    ...corsHeaders(true),
    "access-control-allow-methods": input.methods.join(", "),
    "access-control-allow-headers": "authorization, content-type",
    "access-control-max-age": "600",
  };
}
