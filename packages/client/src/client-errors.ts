import type { ErrorBody, ErrorCode, RateLimitDetails } from "@public-scan/core/contract";

/**
 * A non-2xx answer of the service, with the error envelope's fields. `code` is one of the contract's six;
 * `retryable` and `retryAfterSeconds` say whether and when to try again.
 */
export class ServiceApiError extends Error {
  readonly code: ErrorCode;
  readonly retryable: boolean;
  readonly retryAfterSeconds: number | null;
  readonly recommendedNextAction: string;
  /** The machine-readable limit that refused the request (rate_limited), when the service gave one. */
  readonly rateLimit: RateLimitDetails | null;
  readonly status: number;
  readonly body: ErrorBody;
  readonly requestId: string | null;
  readonly operationId: string;
  constructor(answer: { status: number; body: ErrorBody; requestId: string | null; operationId: string }) {
    super(answer.body.message);
    const { body } = answer;
    this.status = answer.status;
    this.body = body;
    this.requestId = answer.requestId;
    this.operationId = answer.operationId;
    this.name = "ServiceApiError";
    this.code = body.code;
    this.retryable = body.retryable;
    this.retryAfterSeconds = body.retryAfterSeconds;
    this.recommendedNextAction = body.recommendedNextAction;
    this.rateLimit = body.rateLimit ?? null;
  }
}

/** The request never got an HTTP answer (DNS, connection refused, TLS, reset). */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly operationId: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "NetworkError";
  }
}

/** The request, or a wait, ran out of its time budget. `scanId` names the scan a wait can resume. */
export class TimeoutError extends Error {
  constructor(
    message: string,
    readonly operationId: string,
    readonly scanId: string | null = null,
  ) {
    super(message);
    this.name = "TimeoutError";
  }
}

/** An answer that is not what the contract says (an unexpected status, a body that is not the resource). */
export class ResponseContractError extends Error {
  readonly operationId: string;
  readonly status: number;
  readonly body: unknown;
  constructor(message: string, answer: { operationId: string; status: number; body: unknown }) {
    super(message);
    this.name = "ResponseContractError";
    this.operationId = answer.operationId;
    this.status = answer.status;
    this.body = answer.body;
  }
}

/** A scan that ended without a result (failed, expired): its job, with the error envelope's `error`. */
export class ScanFailedError extends Error {
  constructor(readonly job: { scanId: string; status: string; error?: { code: string; message: string } | undefined }) {
    super(`scan ${job.scanId} ended ${job.status}${job.error ? `: ${job.error.message}` : ""}`);
    this.name = "ScanFailedError";
  }
}
