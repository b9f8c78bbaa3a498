import { issueApiKey, revokeApiKey, SCOPES, SYSTEM_CLOCK } from "@public-scan/core";
import { openOperatorKeyStore } from "./open-operator-key-store.js";
import { parseScopeList } from "./parse-scope-list.js";
import { parseOperatorCommand } from "./parse-operator-command.js";
import type { CommandIo } from "./run-scan-command.js";

export const KEYS_USAGE = `Usage: pnpm keys issue --scopes SCOPE,... [--name NAME] [--valid-days N] [STORE]
       pnpm keys revoke KEY_ID [STORE]
STORE: --data-dir DIR | --redis-url URL | --dynamodb-keys-table NAME --dynamodb-audit-table NAME

Operator command for support-gated keys (scan:create is never self-serve). The key is printed once; only
its SHA-256 hash is stored, in the data directory's SQLite file (default $PUBLIC_SCAN_DATA_DIR or ./.data),
or in the cluster's Redis with --redis-url or $PUBLIC_SCAN_REDIS_URL (and $PUBLIC_SCAN_REDIS_PREFIX),
or in a Lambda deployment's DynamoDB tables with --dynamodb-keys-table and --dynamodb-audit-table (or
$PUBLIC_SCAN_KEYS_TABLE and $PUBLIC_SCAN_AUDIT_TABLE; the stack's KeysTableName and AuditTableName outputs),
with the AWS SDK's region and credentials ($AWS_REGION, $AWS_PROFILE, ...). One store at a time.
Scopes: ${SCOPES.join(", ")}.`;

/** `pnpm keys`: issue or revoke support keys in the deployment's store (the SQLite file, a cluster's Redis, or a Lambda deployment's DynamoDB). Returns the exit code. */
export async function runKeysCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const command = parseOperatorCommand(
    {
      name: "keys",
      usage: KEYS_USAGE,
      options: {
        scopes: { type: "string" },
        name: { type: "string" },
        "valid-days": { type: "string" },
        "data-dir": { type: "string" },
        "redis-url": { type: "string" },
        "dynamodb-keys-table": { type: "string" },
        "dynamodb-audit-table": { type: "string" },
      },
    },
    argv,
    io,
  );
  if ("exitCode" in command) return command.exitCode;
  const { action, values, fail } = command;
  const [keyId] = command.positionals;
  const where = {
    dataDir: values["data-dir"],
    redisUrl: values["redis-url"],
    dynamoKeysTable: values["dynamodb-keys-table"],
    dynamoAuditTable: values["dynamodb-audit-table"],
  };

  if (action === "issue") {
    const requested = parseScopeList(values.scopes);
    if ("error" in requested) return fail(requested.error);
    const { scopes } = requested;
    const validDays = values["valid-days"] === undefined ? 90 : Number(values["valid-days"]);
    if (!Number.isInteger(validDays) || validDays < 1 || validDays > 366) return fail("--valid-days must be an integer from 1 to 366");
    const opened = await openOperatorKeyStore(where, process.env).catch((error: unknown) => error as Error);
    if (opened instanceof Error) return fail(opened.message);
    const { store } = opened;
    try {
      const { record, resource } = await issueApiKey(
        { keys: store, clock: SYSTEM_CLOCK, supportEmail: process.env.PUBLIC_SCAN_SUPPORT_EMAIL ?? "support@example.org" },
        // A support key is the operator's, not an account's: no dashboard lists or revokes it.
        { kind: "support", scopes, validDays, ownerId: null, ...(values.name ? { name: values.name } : {}) },
      );
      await store.audit.append({
        at: record.createdAt,
        action: "key_issued",
        outcome: "allowed",
        reason: "operator",
        keyId: record.keyId,
        subjectHash: null,
        networkHash: null,
      });
      io.stdout(`${resource.key}\n`);
      io.stderr(
        `issued ${record.keyId} (${record.tokenPrefix}...) with ${scopes.join(", ")}, expires ${record.expiresAt}; the key is shown only now\n`,
      );
      return 0;
    } finally {
      await opened.close();
    }
  }
  if (action === "revoke") {
    if (keyId === undefined) return fail("revoke needs a KEY_ID");
    const opened = await openOperatorKeyStore(where, process.env).catch((error: unknown) => error as Error);
    if (opened instanceof Error) return fail(opened.message);
    const { store } = opened;
    try {
      const { revoked } = await revokeApiKey({ keys: store, audit: store.audit, clock: SYSTEM_CLOCK }, { keyId });
      io.stderr(revoked ? `revoked ${keyId}\n` : `nothing to revoke: ${keyId} is unknown or already revoked\n`);
      return revoked ? 0 : 1;
    } finally {
      await opened.close();
    }
  }
  return fail(`unknown action ${action}`);
}
