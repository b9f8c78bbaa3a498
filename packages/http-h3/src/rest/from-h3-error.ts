import { isServiceError, ServiceError } from "@public-scan/core";
import { HTTPError } from "h3";

/**
 * Errors h3 raises before a handler runs (no route matched, a malformed percent-encoded path), in the
 * contract's terms: a client mistake is `not_found` or `invalid_request`, never a 500.
 */
export function fromH3Error(error: unknown): unknown {
  if (isServiceError(error)) return error;
  const cause = error instanceof HTTPError ? error.cause : undefined;
  if (isServiceError(cause)) return cause;
  if (!(error instanceof HTTPError) || error.unhandled) return error;
  if (error.status === 404) return new ServiceError("not_found", "No such route. The routes are listed in /api/v2/openapi.json.");
  if (error.status >= 400 && error.status < 500) return new ServiceError("invalid_request", "The request is malformed.");
  return error;
}
