import type { AccountError } from "../accounts/account-error.js";

/** The status a refused form answers with. */
export function statusOf(error: AccountError): number {
  if (error.code === "rate_limited") return 429;
  if (error.code === "invalid_credentials") return 401;
  return 400;
}

/** The sentence shown for an account error, with when to retry for a rate limit. */
export function messageOf(error: AccountError): string {
  if (error.code === "rate_limited" && error.retryAfterSeconds !== null) {
    return `${error.message} (about ${Math.max(1, Math.ceil(error.retryAfterSeconds / 60))} min)`;
  }
  return error.message;
}
