/** Why an account action was refused; the pages turn each code into a sentence and a status. */
export type AccountErrorCode =
  | "invalid_email"
  | "weak_password"
  | "disposable_email"
  | "invalid_credentials"
  | "email_not_verified"
  | "invalid_token"
  | "rate_limited"
  | "invalid_form";

export class AccountError extends Error {
  constructor(
    readonly code: AccountErrorCode,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "AccountError";
  }
}
