import { normalizeEmail, revokeApiKey, SCOPES, SYSTEM_CLOCK, type AccountRecord, type AccountStore } from "@public-scan/core";
import { changeAccountScopes } from "./change-account-scopes.js";
import { formatTable } from "./format-table.js";
import { openOperatorStores } from "./open-operator-stores.js";
import { parseScopeList } from "./parse-scope-list.js";
import { parseOperatorCommand } from "./parse-operator-command.js";
import type { CommandIo } from "./run-scan-command.js";

export const ACCOUNTS_USAGE = `Usage: pnpm accounts list [--limit N] [--after ACCOUNT_ID] [WHERE]
       pnpm accounts disable ACCOUNT_ID|EMAIL [WHERE]
       pnpm accounts grant ACCOUNT_ID|EMAIL --scopes SCOPE,... [WHERE]
       pnpm accounts revoke-scope ACCOUNT_ID|EMAIL --scopes SCOPE,... [WHERE]
WHERE: --data-dir DIR (the SQLite file; default $PUBLIC_SCAN_DATA_DIR or ./.data) or --redis-url URL
(a cluster's Redis; default $PUBLIC_SCAN_REDIS_URL, with $PUBLIC_SCAN_REDIS_PREFIX).

Operator command for the reference server's accounts. A disabled account cannot sign in; its dashboard sessions end at once,
its refresh tokens stop working, its API keys are revoked, and its access tokens expire within 10 minutes.
An account authorizes MCP clients with its scopes only: every account starts with scan:read and mcp, and
scan:create is granted by an operator. revoke-scope may remove any scope but never an account's last one;
clients authorized before keep a removed scope until their grant expires or is revoked.
Scopes: ${SCOPES.join(", ")}.`;

const ACTIONS = ["list", "disable", "grant", "revoke-scope"] as const;

const state = (account: AccountRecord) =>
  account.disabledAt !== null ? "disabled" : account.emailVerifiedAt !== null ? "verified" : "unverified";

async function findAccount(store: AccountStore, idOrEmail: string): Promise<AccountRecord | null> {
  return idOrEmail.startsWith("acct_") ? store.get(idOrEmail) : store.findByEmail(normalizeEmail(idOrEmail));
}

/** `pnpm accounts`: list accounts in the embedded store, disable one, or change its scopes. Returns the exit code. */
export async function runAccountsCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const command = parseOperatorCommand(
    {
      name: "accounts",
      usage: ACCOUNTS_USAGE,
      options: {
        limit: { type: "string" },
        after: { type: "string" },
        scopes: { type: "string" },
        "data-dir": { type: "string" },
        "redis-url": { type: "string" },
      },
    },
    argv,
    io,
  );
  if ("exitCode" in command) return command.exitCode;
  const { action, values, fail } = command;
  const [target] = command.positionals;
  if (!(ACTIONS as readonly string[]).includes(action)) return fail(`unknown action ${action}`);
  const limit = values.limit === undefined ? 100 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return fail("--limit must be an integer from 1 to 1000");
  if (action !== "list" && target === undefined) return fail(`${action} needs an ACCOUNT_ID or EMAIL`);
  const scopeAction = action === "grant" || action === "revoke-scope" ? action : null;
  if (scopeAction === null && values.scopes !== undefined) return fail(`--scopes is for grant and revoke-scope, not ${action}`);
  const parsedScopes = scopeAction === null ? null : parseScopeList(values.scopes);
  if (parsedScopes !== null && "error" in parsedScopes) return fail(parsedScopes.error);

  const stores = await openOperatorStores({ dataDir: values["data-dir"], redisUrl: values["redis-url"] }, process.env).catch(
    (error: unknown) => error as Error,
  );
  if (stores instanceof Error) return fail(stores.message);
  const store = stores.accounts();
  try {
    if (action === "list") {
      const accounts = await store.list({ limit, ...(values.after === undefined ? {} : { after: values.after }) });
      if (accounts.length === 0) {
        io.stderr("no accounts\n");
        return 0;
      }
      const rows = accounts.map((account) => [
        account.accountId,
        account.email,
        state(account),
        account.createdAt,
        account.scopes.join(" "),
      ]);
      io.stdout(`${formatTable(["account", "email", "state", "created", "scopes"], rows)}\n`);
      if (accounts.length === limit) io.stderr(`more may follow: --after ${accounts.at(-1)!.accountId}\n`);
      return 0;
    }
    const account = await findAccount(store, target!);
    if (account === null) {
      io.stderr(`no account ${target}\n`);
      return 1;
    }
    if (scopeAction !== null && parsedScopes !== null) {
      const { code, message } = await changeAccountScopes(store, { account, action: scopeAction, scopes: parsedScopes.scopes });
      io.stderr(`${message}\n`);
      return code;
    }
    const disabled = await store.disable(account.accountId, new Date(SYSTEM_CLOCK.now()).toISOString());
    // Its keys go too: a key is checked by its hash alone, so a disabled owner's keys would keep working.
    const keys = stores.keys();
    let revoked = 0;
    for (const key of await keys.listByOwner(account.accountId)) {
      if (key.revokedAt === null && (await revokeApiKey({ keys, audit: keys.audit, clock: SYSTEM_CLOCK }, { keyId: key.keyId })).revoked)
        revoked += 1;
    }
    const what = disabled ? `disabled ${account.accountId} (${account.email})` : `${account.accountId} was already disabled`;
    io.stderr(`${what}; ${revoked} key${revoked === 1 ? "" : "s"} revoked\n`);
    return disabled ? 0 : 1;
  } finally {
    await stores.close();
  }
}
