import { ensureKeySchema } from "./ensure-key-schema.js";
import { openSqliteDatabase, sourceOf, type SqliteStoreSource } from "./open-sqlite-database.js";
import type { ApiKeyRecord, AuditEvent, AuditLog, AuditRetention, KeyStore } from "@public-scan/core";

/**
 * API keys and the audit log in one SQLite file (node:sqlite), next to the scans. Keys are stored as their
 * SHA-256 hash (the record never holds the token); the hash column is unique, so a token can never map to
 * two keys. Revocation is one UPDATE that only succeeds on a key not yet revoked. The owner is a column too
 * (`owner_id`, added to files written before keys had owners), so an account's keys are one indexed query.
 * Plain documents like these would also fit keyv; SQL keeps all embedded-default storage in one file with
 * one driver.
 */
export function createSqliteKeyStore(
  options: { busyTimeoutMs?: number } & SqliteStoreSource,
): KeyStore & { audit: AuditLog & AuditRetention } {
  const { db, owned } = openSqliteDatabase({
    source: sourceOf(options),
    ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }),
    synchronous: "FULL",
  });
  try {
    ensureKeySchema(db);
  } catch (error) {
    // A file this code refuses (a newer schema) or cannot upgrade is not left open behind the error.
    if (owned) db.close();
    throw error;
  }
  const insert = db.prepare("INSERT INTO api_keys (key_id, hash, owner_id, record) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING");
  const byHash = db.prepare("SELECT record FROM api_keys WHERE hash = ?");
  const byId = db.prepare("SELECT record FROM api_keys WHERE key_id = ?");
  const byOwner = db.prepare(
    "SELECT record FROM api_keys WHERE owner_id = ? ORDER BY json_extract(record, '$.createdAt') DESC, key_id DESC",
  );
  const revoke = db.prepare(
    "UPDATE api_keys SET record = json_set(record, '$.revokedAt', ?) WHERE key_id = ? AND json_extract(record, '$.revokedAt') IS NULL",
  );
  const append = db.prepare("INSERT INTO audit_events (event) VALUES (?)");
  const list = db.prepare("SELECT event FROM audit_events ORDER BY seq DESC LIMIT ?");
  // Retention: events are appended as they happen, so the old ones are the first rows; a batch walks seq
  // from the start and stops after `limit` matches (the audit trail is small: no index on the time).
  const countBefore = db.prepare("SELECT count(*) AS count FROM audit_events WHERE json_extract(event, '$.at') < ?");
  const purgeBefore = db.prepare(
    "DELETE FROM audit_events WHERE seq IN (SELECT seq FROM audit_events WHERE json_extract(event, '$.at') < ? ORDER BY seq LIMIT ?)",
  );
  const parse = (row: unknown): ApiKeyRecord | null => {
    if (row === undefined) return null;
    const record = JSON.parse((row as { record: string }).record) as ApiKeyRecord;
    // Keys stored before owners existed have no ownerId in their JSON: they had none.
    return { ...record, ownerId: record.ownerId ?? null };
  };
  let closed = false;
  /** Runs a statement; a closed store or a failing statement rejects instead of throwing synchronously. */
  const run = <T>(work: () => T): Promise<T> => {
    try {
      if (closed) throw new Error("key store is closed");
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };

  return {
    create: (record) =>
      run(() => {
        // A UNIQUE hash clash (a different key id) is refused like an existing id, never overwritten.
        try {
          return Number(insert.run(record.keyId, record.hash, record.ownerId ?? null, JSON.stringify(record)).changes) === 1;
        } catch {
          return false;
        }
      }),
    findByHash: (hash) => run(() => parse(byHash.get(hash))),
    get: (keyId) => run(() => parse(byId.get(keyId))),
    listByOwner: (ownerId) => run(() => byOwner.all(ownerId).map((row) => parse(row)!)),
    revoke: (keyId, at) => run(() => Number(revoke.run(at, keyId).changes) === 1),
    audit: {
      append: (event: AuditEvent) => run(() => void append.run(JSON.stringify(event))),
      list: (listOptions) =>
        run(() => list.all(listOptions?.limit ?? 100).map((row) => JSON.parse((row as { event: string }).event) as AuditEvent)),
      countBefore: (cutoff) => run(() => Number((countBefore.get(cutoff) as { count: number }).count)),
      purgeBefore: (cutoff, { limit }) => run(() => Number(purgeBefore.run(cutoff, Math.max(0, limit)).changes)),
    },
    close: () => {
      if (!closed && owned) db.close();
      closed = true;
      return Promise.resolve();
    },
  };
}
