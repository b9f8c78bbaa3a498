import { normalizeEmail, normalizeScopes, type AccountRecord, type AccountStore } from "@public-scan/core";
import { migrateSqliteSchema } from "./migrate-sqlite-schema.js";
import { openSqliteDatabase, sourceOf, type SqliteStoreSource } from "./open-sqlite-database.js";
import { SQLITE_ACCOUNT_MIGRATIONS } from "./sqlite-account-migrations.js";

export type SqliteAccountStoreOptions = {
  /** How long a write waits for another process's write lock before it fails. Default 5000 ms. */
  readonly busyTimeoutMs?: number;
} & SqliteStoreSource;

// A cursor that names no account makes the row-value subquery NULL, so the comparison matches nothing: an
// unknown cursor is an empty page, as the port says.
const LIST_AFTER = `SELECT record FROM accounts
  WHERE (created_at, account_id) > (SELECT created_at, account_id FROM accounts WHERE account_id = ?)
  ORDER BY created_at, account_id LIMIT ?`;

/**
 * Accounts in the embedded SQLite file (node:sqlite), as JSON documents with the columns their indexes need.
 * `create` is one INSERT that does nothing on a taken id or email (ON CONFLICT without a target covers both
 * unique columns); verification and disablement are one UPDATE each that only succeeds while the field is
 * still null, so each happens once; the password hash and the scopes are one UPDATE each that replaces.
 * Emails are compared with `=` on the normalized text, never LIKE, so `%` and `_` in an address are plain
 * characters. Records are parsed on every read: callers get copies.
 */
export function createSqliteAccountStore(options: SqliteAccountStoreOptions): AccountStore {
  const { db, owned } = openSqliteDatabase({
    source: sourceOf(options),
    ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }),
    synchronous: "FULL",
  });
  try {
    migrateSqliteSchema(db, { component: "accounts", migrations: SQLITE_ACCOUNT_MIGRATIONS });
  } catch (error) {
    // A file this code refuses (a newer schema) or cannot upgrade is not left open behind the error.
    if (owned) db.close();
    throw error;
  }
  const statements = {
    insert: db.prepare("INSERT INTO accounts (account_id, email, created_at, record) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING"),
    byId: db.prepare("SELECT record FROM accounts WHERE account_id = ?"),
    byEmail: db.prepare("SELECT record FROM accounts WHERE email = ?"),
    verify: db.prepare(
      "UPDATE accounts SET record = json_set(record, '$.emailVerifiedAt', ?) WHERE account_id = ? AND json_extract(record, '$.emailVerifiedAt') IS NULL",
    ),
    disable: db.prepare(
      "UPDATE accounts SET record = json_set(record, '$.disabledAt', ?) WHERE account_id = ? AND json_extract(record, '$.disabledAt') IS NULL",
    ),
    setPasswordHash: db.prepare("UPDATE accounts SET record = json_set(record, '$.passwordHash', ?) WHERE account_id = ?"),
    // json(?) makes the bound text an array inside the record, not a string holding JSON.
    setScopes: db.prepare("UPDATE accounts SET record = json_set(record, '$.scopes', json(?)) WHERE account_id = ?"),
    listFirst: db.prepare("SELECT record FROM accounts ORDER BY created_at, account_id LIMIT ?"),
    listAfter: db.prepare(LIST_AFTER),
  };
  const parse = (row: unknown) => (row === undefined ? null : (JSON.parse((row as { record: string }).record) as AccountRecord));
  let closed = false;
  // The executor runs synchronously; a thrown error (closed store, lock timeout) becomes a rejection.
  const run = <T>(work: () => T): Promise<T> =>
    new Promise((resolve) => {
      if (closed) throw new Error("SQLite account store is closed");
      resolve(work());
    });
  const changedOne = (result: { changes: number | bigint }) => Number(result.changes) === 1;

  return {
    create: (record) =>
      run(() => {
        const stored: AccountRecord = { ...record, email: normalizeEmail(record.email) };
        return changedOne(statements.insert.run(stored.accountId, stored.email, stored.createdAt, JSON.stringify(stored)));
      }),
    get: (accountId) => run(() => parse(statements.byId.get(accountId))),
    findByEmail: (email) => run(() => parse(statements.byEmail.get(normalizeEmail(email)))),
    markEmailVerified: (accountId, at) => run(() => changedOne(statements.verify.run(at, accountId))),
    setPasswordHash: (accountId, passwordHash) => run(() => changedOne(statements.setPasswordHash.run(passwordHash, accountId))),
    setScopes: (accountId, scopes) => run(() => changedOne(statements.setScopes.run(JSON.stringify(normalizeScopes(scopes)), accountId))),
    disable: (accountId, at) => run(() => changedOne(statements.disable.run(at, accountId))),
    list: ({ after, limit }) =>
      run(() => {
        // LIMIT -1 would mean "no limit" to SQLite: a limit of 0 or less is an empty page instead.
        const count = Math.max(0, Math.trunc(limit));
        const rows = after === undefined ? statements.listFirst.all(count) : statements.listAfter.all(after, count);
        return rows.map((row) => parse(row)!);
      }),
    close: () => {
      if (!closed && owned) db.close();
      closed = true;
      return Promise.resolve();
    },
  };
}
