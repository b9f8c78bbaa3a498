import { createHmac } from "node:crypto";
import type { Keyv } from "keyv";
import {
  SYSTEM_CLOCK,
  type AccountStore,
  type AuditLog,
  type Clock,
  type CounterStore,
  type KeyStore,
  type SessionResolver,
} from "@public-scan/core";
import type { AccountLimits } from "./accounts/account-limits.js";
import { createAccountService, type AccountService } from "./accounts/create-account-service.js";
import { createPasswordReset } from "./accounts/create-password-reset.js";
import type { Mailer } from "./mail/mailer.js";
import {
  createAuthorizationServer,
  type AuthorizationServer,
  type ClientMetadataDocumentOptions,
} from "./oauth/create-authorization-server.js";
import type { AuthorizationKeys } from "./oauth/load-authorization-keys.js";
import type { PasswordHashCost } from "./passwords/hash-password.js";
import { createDashboardSessions } from "./sessions/create-dashboard-sessions.js";
import { ACCOUNTS_PATHS, createAccountsApp } from "./web/create-accounts-app.js";
import { createCsrfGuard } from "./web/create-csrf-guard.js";

export interface AccountsOptions {
  /** The deployment's public origin: links, cookies' Secure flag, the OAuth issuer ({auth_url}). */
  baseUrl: string;
  /** The hosted MCP endpoint's URL, the audience of access tokens (default `{baseUrl}/mcp`). */
  mcpResource?: string;
  store: AccountStore;
  /** Where sessions, verification tokens and OAuth artifacts live: any keyv store. */
  documents: Keyv;
  keys: KeyStore;
  audit: AuditLog;
  counters: CounterStore;
  mailer: Mailer;
  /** Signing and cookie keys, kept across restarts (`loadAuthorizationKeys`). */
  authorizationKeys: AuthorizationKeys;
  /** A deployment secret (32+ characters): keys for the forms' CSRF tokens and the rate-limit hashes derive from it. */
  secret: string;
  supportEmail: string;
  serviceName?: string;
  clock?: Clock;
  passwordCost?: PasswordHashCost;
  /** The sign-in and sign-up rate limits (default `ACCOUNT_LIMITS`). */
  limits?: Partial<AccountLimits>;
  onError?: (error: unknown, route: string) => void;
  /**
   * How MCP clients' Client ID Metadata Documents are fetched: pass the scanner's target policy as `targets`,
   * so each document's host passes the same egress guard as a scan. On by default.
   */
  clientMetadataDocuments?: ClientMetadataDocumentOptions;
}

export interface Accounts {
  /** Mount into the REST app (`createRestApp({ mounts: [accounts.mount] })`). */
  mount: { paths: readonly string[]; handler: (request: Request, context: { clientAddress: string | null }) => Promise<Response> };
  /** The dashboard sessions, for POST /api/v2/keys/request (`keyRequests.sessions`). */
  sessions: SessionResolver;
  /**
   * Keys the email and network hashes of key requests (audit events, issuance caps): pass it as the REST app's
   * `keyRequests.identifierSecret`, so the dashboard and POST /api/v2/keys/request hash alike.
   */
  keyRequestSecret: string;
  /** How /mcp verifies this server's access tokens (`createMcpHttpHandler({ oauth })`). */
  oauth: { issuer: string; jwks: AuthorizationServer["publicJwks"]; resource: string };
  service: AccountService;
  authorization: AuthorizationServer;
}

/**
 * The reference host's accounts: sign-up with email verification, sign-in, dashboard keys, and the OAuth
 * authorization server hosted MCP clients sign in through. Everything is stored through the given ports
 * (accounts in an AccountStore, documents with a TTL in keyv), so it runs on SQLite or Redis alike.
 */
export function createAccounts(options: AccountsOptions): Accounts {
  const baseUrl = new URL(options.baseUrl);
  if (options.secret.length < 32) throw new Error("the accounts secret must be at least 32 characters");
  const secure = baseUrl.protocol === "https:";
  const clock = options.clock ?? SYSTEM_CLOCK;
  const resource = options.mcpResource ?? `${baseUrl.origin}/mcp`;
  // One key per use, derived from the one secret: a CSRF token says nothing about a counter's hash.
  const derive = (purpose: string) => createHmac("sha256", options.secret).update(`public-scan accounts ${purpose}`).digest("hex");
  const counterSecret = derive("counters");
  const keyRequestSecret = derive("key requests");
  // What sign-up, sign-in and password reset share: the stores, the mailer, the limits and their secret.
  const accountDeps = {
    store: options.store,
    documents: options.documents,
    counters: options.counters,
    mailer: options.mailer,
    baseUrl: baseUrl.origin,
    clock,
    counterSecret,
    ...(options.serviceName === undefined ? {} : { serviceName: options.serviceName }),
    ...(options.passwordCost === undefined ? {} : { passwordCost: options.passwordCost }),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
  };
  const service = createAccountService(accountDeps);
  const passwordReset = createPasswordReset(accountDeps);
  const sessions = createDashboardSessions({ documents: options.documents, accounts: options.store, secure, clock });
  const authorization = createAuthorizationServer({
    issuer: baseUrl.origin,
    resource,
    documents: options.documents,
    accounts: options.store,
    keys: options.authorizationKeys,
    counters: options.counters,
    counterSecret,
    ...(options.clientMetadataDocuments === undefined ? {} : { clientMetadataDocuments: options.clientMetadataDocuments }),
  });
  const app = createAccountsApp({
    accounts: service,
    passwordReset,
    sessions,
    csrf: createCsrfGuard({ secret: derive("csrf"), origin: baseUrl.origin, secure }),
    authorization,
    keyRequests: {
      keys: options.keys,
      clock,
      supportEmail: options.supportEmail,
      audit: options.audit,
      counters: options.counters,
      identifierSecret: keyRequestSecret,
    },
    baseUrl: baseUrl.origin,
    mcpUrl: resource,
    onError: options.onError ?? (() => {}),
  });
  return {
    mount: {
      paths: ACCOUNTS_PATHS,
      handler: (request, context) =>
        Promise.resolve(app.request(request, undefined, { clientAddress: context.clientAddress ?? undefined })),
    },
    sessions,
    keyRequestSecret,
    oauth: { issuer: baseUrl.origin, jwks: authorization.publicJwks, resource },
    service,
    authorization,
  };
}
