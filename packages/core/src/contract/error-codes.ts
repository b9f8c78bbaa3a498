/**
 * The contract's error table: code -> HTTP status and retryable flag. One table, read by the error class,
 * the envelope builder, every surface and the OpenAPI document.
 */
export const ERROR_TABLE = {
  invalid_request: { status: 400, retryable: false, nextAction: "correct_request_before_retrying" },
  unauthorized: { status: 401, retryable: false, nextAction: "supply_valid_api_key" },
  forbidden: { status: 403, retryable: false, nextAction: "request_required_scope" },
  not_found: { status: 404, retryable: false, nextAction: "check_identifier" },
  rate_limited: { status: 429, retryable: true, nextAction: "retry_after_delay" },
  internal_error: { status: 500, retryable: true, nextAction: "retry_after_delay_then_contact_support" },
} as const;

export type ErrorCode = keyof typeof ERROR_TABLE;
export const ERROR_CODES = Object.keys(ERROR_TABLE) as [ErrorCode, ...ErrorCode[]];

/** The contract's observed waits, used when a more precise one is not known. */
export const DEFAULT_RETRY_AFTER_SECONDS = { rate_limited: 60, internal_error: 30 } as const;
