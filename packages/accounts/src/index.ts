/**
 * @public-scan/accounts: the reference host's accounts (sign-up, email verification, sign-in, dashboard
 * keys) and its OAuth authorization server for hosted MCP (oidc-provider), stored through the project's
 * ports and any keyv store. Node only (oidc-provider needs Node's request objects).
 *
 * What a host needs to compose them, and nothing else: `createAccounts` and the types of its options and
 * answer, the mailers (or a `Mailer` of its own), and the authorization server's keys. The parts inside
 * (the account service, sessions, passwords, the OIDC adapter, their limits and routes) are the package's own.
 */
export { createAccounts } from "./create-accounts.js";
export type { Accounts, AccountsOptions } from "./create-accounts.js";
export type { AccountLimits, RollingLimit } from "./accounts/account-limits.js";
export type { AccountService } from "./accounts/create-account-service.js";
export { createConsoleMailer } from "./mail/create-console-mailer.js";
export { createSmtpMailer } from "./mail/create-smtp-mailer.js";
export type { SmtpMailerOptions } from "./mail/create-smtp-mailer.js";
export type { MailMessage, Mailer } from "./mail/mailer.js";
export type { AuthorizationServer, ClientMetadataDocumentOptions } from "./oauth/create-authorization-server.js";
export { loadAuthorizationKeys } from "./oauth/load-authorization-keys.js";
export type { AuthorizationKeys } from "./oauth/load-authorization-keys.js";
export type { PasswordHashCost } from "./passwords/hash-password.js";
