import { DEFAULT_RETRY_AFTER_SECONDS, ERROR_TABLE, type ErrorCode } from "../contract/error-codes.js";
import type { RateLimitDetails } from "../contract/error-envelope.js";

export interface ServiceErrorOptions {
  /** Wait before a retry; defaults to the contract's observed value for retryable codes. */
  retryAfterSeconds?: number;
  rateLimit?: RateLimitDetails;
  /** Overrides the code's default next action when the caller knows better. */
  recommendedNextAction?: string;
  cause?: unknown;
}

/**
 * The one error type of the service. Its message is customer-safe by construction: it is written for the
 * caller, so the envelope shows it. Anything else thrown is unexpected and is redacted.
 */
export class ServiceError extends Error {
  override readonly name = "ServiceError";
  readonly code: ErrorCode;
  readonly status: number;
  readonly retryable: boolean;
  readonly retryAfterSeconds: number | null;
  readonly recommendedNextAction: string;
  readonly rateLimit: RateLimitDetails | undefined;

  constructor(code: ErrorCode, message: string, options: ServiceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    const entry = ERROR_TABLE[code];
    this.code = code;
    this.status = entry.status;
    this.retryable = entry.retryable;
    this.retryAfterSeconds = entry.retryable
      ? Math.max(0, Math.ceil(options.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS[code as keyof typeof DEFAULT_RETRY_AFTER_SECONDS]))
      : null;
    this.recommendedNextAction = options.recommendedNextAction ?? entry.nextAction;
    this.rateLimit = options.rateLimit;
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return value instanceof ServiceError;
}
