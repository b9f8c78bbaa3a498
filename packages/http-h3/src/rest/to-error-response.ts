import { toErrorEnvelope, toHttpStatus } from "@public-scan/core";
import { toJsonResponse } from "./to-json-response.js";

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
