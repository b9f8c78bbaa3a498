import { DISCLAIMER } from "../contract/disclaimer.js";
import type { ErrorEnvelope } from "../contract/error-envelope.js";
import { ServiceError } from "./service-error.js";

/** What the envelope says for anything that is not a ServiceError: no message, stack or type leaks. */
export const REDACTED_INTERNAL_MESSAGE =
  "The service is temporarily unavailable. Retry later; if it repeats, contact support with the request id.";

export interface ErrorEnvelopeOptions {
  /** Link to the error documentation, when the host publishes one. */
  docsUrl?: string;
}

/**
 * Turns anything thrown into the contract's error envelope. A ServiceError keeps its code and message;
 * every other value becomes `internal_error` with a fixed message, so stack traces, SQL, file paths and
 * upstream messages never reach a caller. The caller logs the original.
 */
export function toErrorEnvelope(error: unknown, options: ErrorEnvelopeOptions = {}): ErrorEnvelope {
  const known = error instanceof ServiceError ? error : new ServiceError("internal_error", REDACTED_INTERNAL_MESSAGE);
  return {
    type: "service_api_error",
    error: {
      code: known.code,
      message: known.message,
      retryable: known.retryable,
      retryAfterSeconds: known.retryAfterSeconds,
      recommendedNextAction: known.recommendedNextAction,
      ...(known.rateLimit === undefined ? {} : { rateLimit: known.rateLimit }),
    },
    ...(options.docsUrl === undefined ? {} : { links: { docs: options.docsUrl } }),
    disclaimer: DISCLAIMER,
  };
}

/** The HTTP status for anything thrown, from the same table. */
export function toHttpStatus(error: unknown): number {
  return error instanceof ServiceError ? error.status : 500;
}
