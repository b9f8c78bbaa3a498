import type { AuditLog, KeyStore } from "@public-scan/core";
import { createDynamoAuditLog, createDynamoKeyStore } from "@public-scan/storage/dynamodb";
import { openOperatorStores } from "./open-operator-stores.js";

/** Where `pnpm keys` writes: the flags of the command, each with its environment variable as the fallback. */
export interface OperatorKeyStoreLocation {
  readonly dataDir: string | undefined;
  readonly redisUrl: string | undefined;
  readonly dynamoKeysTable: string | undefined;
  readonly dynamoAuditTable: string | undefined;
}

/** The key store an operator command changes, with the audit trail its events go to, and how to close both. */
export interface OperatorKeyStore {
  readonly store: KeyStore & { audit: AuditLog };
  readonly close: () => Promise<void>;
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Opens the deployment's keys: the SQLite file or Redis of `pnpm serve` (openOperatorStores), or the
 * DynamoDB tables of a Lambda deployment when --dynamodb-keys-table / PUBLIC_SCAN_KEYS_TABLE is set (the
 * variable the Lambda functions read). DynamoDB's key store has no audit trail of its own, unlike the SQLite
 * and Redis ones: the audit table (PUBLIC_SCAN_AUDIT_TABLE) is paired with it here, so the command's
 * `store.audit.append` lands there. Region, credentials and endpoint come from the AWS SDK's default chain
 * (AWS_REGION, AWS_PROFILE, AWS_ENDPOINT_URL_DYNAMODB, …). Throws a clear Error on a bad or ambiguous setting.
 */
export async function openOperatorKeyStore(where: OperatorKeyStoreLocation, env: Env): Promise<OperatorKeyStore> {
  const keysTable = nonEmpty(where.dynamoKeysTable ?? env.PUBLIC_SCAN_KEYS_TABLE);
  if (keysTable === undefined) {
    if (where.dynamoAuditTable !== undefined) throw new Error("--dynamodb-audit-table needs --dynamodb-keys-table");
    const stores = await openOperatorStores({ dataDir: where.dataDir, redisUrl: where.redisUrl }, env);
    return { store: stores.keys(), close: stores.close };
  }
  // One store per command: a key written to DynamoDB while the operator meant Redis (or the reverse) would
  // authenticate nowhere they look, so a second location is refused rather than one silently preferred.
  const other = [
    where.dataDir === undefined ? undefined : "--data-dir",
    where.redisUrl === undefined ? undefined : "--redis-url",
    nonEmpty(env.PUBLIC_SCAN_REDIS_URL) === undefined ? undefined : "PUBLIC_SCAN_REDIS_URL",
  ].filter((name) => name !== undefined);
  if (other.length > 0) {
    throw new Error(`the DynamoDB keys table excludes ${other.join(" and ")}: keys are written to one deployment's store`);
  }
  const auditTable = nonEmpty(where.dynamoAuditTable ?? env.PUBLIC_SCAN_AUDIT_TABLE);
  if (auditTable === undefined) {
    throw new Error("--dynamodb-audit-table (or PUBLIC_SCAN_AUDIT_TABLE) is needed with the keys table: every issue and revoke is audited");
  }
  const keys = createDynamoKeyStore({ tableName: keysTable, clientConfig: {} });
  const audit = createDynamoAuditLog({ tableName: auditTable, clientConfig: {} });
  const close = async () => {
    await Promise.all([keys.close(), audit.close()]);
  };
  // Both tables are read once before anything is written: with a mistyped audit table the key would be
  // issued and its audit event (and the printed key, which comes after it) lost.
  const probes: Array<[string, () => Promise<unknown>]> = [
    [keysTable, () => keys.get("key_operator_probe")],
    [auditTable, () => audit.list({ limit: 1 })],
  ];
  for (const [table, probe] of probes) {
    try {
      await probe();
    } catch (error) {
      await close();
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : JSON.stringify(error);
      throw new Error(`the DynamoDB table ${table} cannot be read (${reason})`, { cause: error });
    }
  }
  return { store: { ...keys, audit }, close };
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === "" ? undefined : trimmed;
}
