import { normalizeScopes, type AccountRecord, type AccountStore, type Scope } from "@public-scan/core";

/** The two operator actions on an account's scopes: add some, or take some away. */
export type ScopeAction = "grant" | "revoke-scope";

export interface ChangeAccountScopesInput {
  account: AccountRecord;
  action: ScopeAction;
  scopes: readonly Scope[];
}

const named = (scopes: readonly Scope[]) => (scopes.length === 0 ? "none" : scopes.join(" "));

/**
 * `pnpm accounts grant` and `revoke-scope` on one account: the exit code, and the line that tells the
 * operator what changed. The new list is computed here and written whole with `setScopes`: of two operators
 * changing one account's scopes at the same moment the last write wins, and `pnpm accounts list` shows it.
 */
export async function changeAccountScopes(
  store: AccountStore,
  input: ChangeAccountScopesInput,
): Promise<{ code: number; message: string }> {
  const { account, action, scopes } = input;
  const before = normalizeScopes(account.scopes);
  const after = normalizeScopes(action === "grant" ? [...before, ...scopes] : before.filter((scope) => !scopes.includes(scope)));
  const who = `${account.accountId} (${account.email})`;
  // An account without any scope could sign in but authorize nothing: that is disabling, which has its own
  // command (and revokes keys). Any scope may go, scan:read and mcp included, as long as one stays.
  if (after.length === 0) return { code: 1, message: `refused: ${who} would have no scope left (it has ${named(before)})` };
  const added = after.filter((scope) => !before.includes(scope));
  const removed = before.filter((scope) => !after.includes(scope));
  if (added.length === 0 && removed.length === 0) return { code: 0, message: `${who} unchanged; scopes: ${named(after)}` };
  // False only if the account went away since it was read (nothing deletes accounts today).
  if (!(await store.setScopes(account.accountId, after))) return { code: 1, message: `no account ${account.accountId}` };
  const change = added.length > 0 ? `granted ${named(added)} to` : `revoked ${named(removed)} from`;
  // Consent is when scopes are checked: grants a client already holds keep what they were given.
  const note = removed.length > 0 ? "; clients authorized before keep it until their grant expires or is revoked" : "";
  return { code: 0, message: `${change} ${who}; scopes now: ${named(after)}${note}` };
}
