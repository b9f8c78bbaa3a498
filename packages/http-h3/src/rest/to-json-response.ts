import { API_VERSION, HEADERS } from "@public-scan/core";

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
