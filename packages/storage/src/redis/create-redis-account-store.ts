import { normalizeEmail, normalizeScopes, type AccountRecord, type AccountStore } from "@public-scan/core";
import { createRedisConnection, type RedisConnectionOptions } from "./create-redis-connection.js";
import { createScriptRunner, type RedisScriptClient } from "./create-script-runner.js";
import { REDIS_ACCOUNT_SCRIPTS } from "./redis-account-scripts.js";

export interface RedisAccountStoreOptions extends RedisConnectionOptions<RedisScriptClient> {
  /**
   * Prefix of every key the store writes. Default `public-scan:account:`. On Redis Cluster use a hash tag,
   * e.g. `{public-scan}:account:`, so a record, its email index and the creation order are in one slot.
   */
  readonly keyPrefix?: string;
}

/** A GET reply: the record as created, with the fields that change read from beside it. */
function parse(reply: unknown): AccountRecord | null {
  const [record, passwordHash, emailVerifiedAt, disabledAt, scopes] = Array.isArray(reply) ? (reply as Array<string | null>) : [];
  if (typeof record !== "string") return null;
  const created = JSON.parse(record) as AccountRecord;
  return {
    ...created,
    passwordHash: passwordHash ?? created.passwordHash,
    emailVerifiedAt: emailVerifiedAt ?? null,
    disabledAt: disabledAt ?? null,
    // Accounts whose scopes no operator has set (all of them before setScopes existed) keep the record's.
    scopes: scopes === null || scopes === undefined ? created.scopes : (JSON.parse(scopes) as AccountRecord["scopes"]),
  };
}

/**
 * The AccountStore on Redis, for several instances of the service. Like the key store it uses ioredis and
 * Lua directly rather than keyv: `create` is a create-if-absent across the record and its email index,
 * which get/set cannot make atomic (two instances could both see the address free). The email is
 * normalized before it becomes a key, and keys are only ever named, never matched, so `*` or `?` in an
 * address is a plain character. Records are JSON, so every read is a fresh copy.
 */
export function createRedisAccountStore(options: RedisAccountStoreOptions = {}): AccountStore {
  const prefix = options.keyPrefix ?? "public-scan:account:";
  const connection = createRedisConnection({ ...options, name: "Redis account store" });
  const call = createScriptRunner({ scripts: REDIS_ACCOUNT_SCRIPTS, client: () => connection.client() });

  const recordKey = (accountId: string) => `${prefix}r:${accountId}`;
  const emailKey = (email: string) => `${prefix}e:${normalizeEmail(email)}`;
  const orderKey = `${prefix}order`;

  return {
    create: async (record) => {
      const stored: AccountRecord = { ...record, email: normalizeEmail(record.email) };
      const fields = [
        ...["record", JSON.stringify(stored), "created_at", stored.createdAt, "password_hash", stored.passwordHash],
        ...(stored.emailVerifiedAt === null ? [] : ["email_verified_at", stored.emailVerifiedAt]),
        ...(stored.disabledAt === null ? [] : ["disabled_at", stored.disabledAt]),
      ];
      const member = `${stored.createdAt}\u0000${stored.accountId}`;
      return (
        (await call("create", [recordKey(stored.accountId), emailKey(stored.email), orderKey], [stored.accountId, member, ...fields])) === 1
      );
    },
    get: async (accountId) => parse(await call("get", [recordKey(accountId)], [])),
    findByEmail: async (email) => parse(await call("findByEmail", [emailKey(email)], [prefix])),
    markEmailVerified: async (accountId, at) => (await call("setOnce", [recordKey(accountId)], ["email_verified_at", at])) === 1,
    setPasswordHash: async (accountId, passwordHash) => (await call("setPasswordHash", [recordKey(accountId)], [passwordHash])) === 1,
    // Normalized before the call: an unknown scope rejects here, and Redis only ever sees valid JSON text.
    setScopes: async (accountId, scopes) =>
      (await call("setScopes", [recordKey(accountId)], [JSON.stringify(normalizeScopes(scopes))])) === 1,
    disable: async (accountId, at) => (await call("setOnce", [recordKey(accountId)], ["disabled_at", at])) === 1,
    list: async ({ after, limit }) => {
      const reply = await call("list", [orderKey], [prefix, Math.max(0, Math.trunc(limit)), ...(after === undefined ? [] : [after])]);
      return (reply as unknown[]).map((entry) => parse(entry)!);
    },
    close: () => connection.close(),
  };
}
