import type { RequestReadOnlyKeyDeps } from "@public-scan/core";
import type { AccountService } from "../accounts/create-account-service.js";
import type { PasswordReset } from "../accounts/create-password-reset.js";
import type { AuthorizationServer } from "../oauth/create-authorization-server.js";
import type { DashboardSessions } from "../sessions/create-dashboard-sessions.js";
import type { CsrfGuard } from "./create-csrf-guard.js";

/** What the account pages and the interaction routes share. */
export interface AccountsAppContext {
  accounts: AccountService;
  passwordReset: PasswordReset;
  sessions: DashboardSessions;
  csrf: CsrfGuard;
  authorization: AuthorizationServer;
  /** The self-serve key request's dependencies, as POST /api/v2/keys/request uses them. */
  keyRequests: Omit<RequestReadOnlyKeyDeps, "sessions">;
  /** The deployment's origin, for the ready-to-run examples shown with a new key. */
  baseUrl: string;
  /** The hosted MCP endpoint's URL (the access tokens' audience), for the MCP host example. */
  mcpUrl: string;
  /** Unexpected errors, for the host's logs (the page says only that something went wrong). */
  onError: (error: unknown, route: string) => void;
}
