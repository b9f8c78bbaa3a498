import { SCOPES, type Scope } from "../contract/scopes.js";
import type { AccountRecord } from "../domain/account-record.js";

/**
 * Where accounts live (memory, SQLite, Redis). Creation is atomic on both the id and the email, so two
 * sign-ups for one address at the same moment make one account.
 */
export interface AccountStore {
  /** False when the id or the (normalized) email is taken. */
  create(record: AccountRecord): Promise<boolean>;
  get(accountId: string): Promise<AccountRecord | null>;
  /** Looks an account up by its email, normalized (trimmed, lower-cased) the same way `create` stores it. */
  findByEmail(email: string): Promise<AccountRecord | null>;
  /** Records the verification; false when the account does not exist or was already verified. */
  markEmailVerified(accountId: string, at: string): Promise<boolean>;
  /** Replaces the password hash (a password change, or a rehash with stronger KDF settings). */
  setPasswordHash(accountId: string, passwordHash: string): Promise<boolean>;
  /**
   * Replaces the scopes the account may grant (an operator's decision: `scan:create` is support-gated).
   * Stored as `normalizeScopes` gives them; false when the account does not exist (never an upsert).
   * Rejects, changing nothing, when a scope is not one of core's `SCOPES`.
   */
  setScopes(accountId: string, scopes: readonly Scope[]): Promise<boolean>;
  /** Disables the account; false when it does not exist or was already disabled. */
  disable(accountId: string, at: string): Promise<boolean>;
  /**
   * Accounts in creation order (then id), for operators: at most `limit` after the cursor `after` (an
   * accountId). An unknown cursor gives an empty page (never a restart from the first account, which would
   * page forever), and so does a limit of 0 or less.
   */
  list(page: { after?: string; limit: number }): Promise<AccountRecord[]>;
  close(): Promise<void>;
}

/** The normalized form every AccountStore keys emails by. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * The form every AccountStore stores scopes in: each once, in the order of core's `SCOPES`, so two ways of
 * writing one set compare equal. A scope outside `SCOPES` throws: callers validate input before it gets here.
 */
export function normalizeScopes(scopes: readonly Scope[]): Scope[] {
  const unknown = scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length > 0) throw new TypeError(`unknown scope ${unknown.map((scope) => JSON.stringify(scope)).join(", ")}`);
  return SCOPES.filter((scope) => scopes.includes(scope));
}
