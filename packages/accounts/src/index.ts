/**
 * @public-scan/accounts: the reference host's accounts (sign-up, email verification, sign-in, dashboard
 * keys) and its OAuth authorization server for hosted MCP (oidc-provider), stored through the project's
 * ports and any keyv store. Node only (oidc-provider needs Node's request objects).
 */
export { createAccounts } from "./create-accounts.js";
export type { Accounts, AccountsOptions } from "./create-accounts.js";
export { AccountError } from "./accounts/account-error.js";
export type { AccountErrorCode } from "./accounts/account-error.js";
export { ACCOUNT_LIMITS } from "./accounts/account-limits.js";
export type { AccountLimits, RollingLimit } from "./accounts/account-limits.js";
export { createAccountService, PASSWORD_LENGTH } from "./accounts/create-account-service.js";
export type { AccountService, AccountServiceOptions } from "./accounts/create-account-service.js";
export { createConsoleMailer } from "./mail/create-console-mailer.js";
export { createSmtpMailer } from "./mail/create-smtp-mailer.js";
export type { SmtpMailerOptions } from "./mail/create-smtp-mailer.js";
export type { MailMessage, Mailer } from "./mail/mailer.js";
export { AUTHORIZATION_LIFETIMES } from "./oauth/authorization-lifetimes.js";
export {
  CLIENT_METADATA_CACHE_SECONDS,
  CLIENT_METADATA_FETCH_LIMIT,
  createAuthorizationServer,
  OAUTH_ROUTES,
  REGISTRATION_LIMIT,
  RESOURCE_SCOPES,
} from "./oauth/create-authorization-server.js";
export type {
  AuthorizationServer,
  AuthorizationServerOptions,
  ClientMetadataDocumentOptions,
} from "./oauth/create-authorization-server.js";
export { createKeyvOidcAdapter } from "./oauth/create-keyv-oidc-adapter.js";
export { loadAuthorizationKeys, toPublicJwks } from "./oauth/load-authorization-keys.js";
export type { AuthorizationKeys } from "./oauth/load-authorization-keys.js";
export { DEFAULT_PASSWORD_HASH_COST, hashPassword, needsRehash, verifyPassword } from "./passwords/hash-password.js";
export type { PasswordHashCost } from "./passwords/hash-password.js";
export { createDashboardSessions, SESSION_COOKIE } from "./sessions/create-dashboard-sessions.js";
export type { DashboardSessions, DashboardSessionsOptions } from "./sessions/create-dashboard-sessions.js";
export { ACCOUNTS_PATHS } from "./web/create-accounts-app.js";
