import type { AccountRecord } from "../domain/account-record.js";
import { normalizeEmail, normalizeScopes, type AccountStore } from "../ports/account-store.js";

/** Creation order, then id: the order `list` pages through (ISO times compare as text, as in SQL). */
const byCreation = (a: AccountRecord, b: AccountRecord): number => {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (a.accountId === b.accountId) return 0;
  return a.accountId < b.accountId ? -1 : 1;
};

/**
 * The in-memory AccountStore, for tests and embedding. Records are copied in and out; the email is stored
 * normalized, so a lookup in any case or with stray spaces finds the one account of the address.
 */
export function createMemoryAccountStore(): AccountStore {
  const byId = new Map<string, AccountRecord>();
  const byEmail = new Map<string, string>();
  const copy = (record: AccountRecord | undefined) => (record === undefined ? null : structuredClone(record));
  /** Applies `change` to a stored account when `allowed` says so; false when it is missing or not allowed. */
  const update = (accountId: string, allowed: (record: AccountRecord) => boolean, change: (record: AccountRecord) => void) => {
    const record = byId.get(accountId);
    if (record === undefined || !allowed(record)) return Promise.resolve(false);
    change(record);
    return Promise.resolve(true);
  };
  return {
    create(record) {
      const email = normalizeEmail(record.email);
      if (byId.has(record.accountId) || byEmail.has(email)) return Promise.resolve(false);
      byId.set(record.accountId, { ...structuredClone(record), email });
      byEmail.set(email, record.accountId);
      return Promise.resolve(true);
    },
    get: (accountId) => Promise.resolve(copy(byId.get(accountId))),
    findByEmail: (email) => Promise.resolve(copy(byId.get(byEmail.get(normalizeEmail(email)) ?? ""))),
    markEmailVerified: (accountId, at) =>
      update(
        accountId,
        (record) => record.emailVerifiedAt === null,
        (record) => (record.emailVerifiedAt = at),
      ),
    setPasswordHash: (accountId, passwordHash) =>
      update(
        accountId,
        () => true,
        (record) => (record.passwordHash = passwordHash),
      ),
    setScopes: (accountId, scopes) =>
      // Normalized inside the chain: an unknown scope is a rejection, as from the stores that do I/O.
      Promise.resolve(scopes)
        .then(normalizeScopes)
        .then((stored) =>
          update(
            accountId,
            () => true,
            (record) => (record.scopes = stored),
          ),
        ),
    disable: (accountId, at) =>
      update(
        accountId,
        (record) => record.disabledAt === null,
        (record) => (record.disabledAt = at),
      ),
    list({ after, limit }) {
      const ordered = [...byId.values()].sort(byCreation);
      // An unknown cursor is a page past the end, never a restart from the first account.
      const start = after === undefined ? 0 : ordered.findIndex((record) => record.accountId === after) + 1;
      if (start === 0 && after !== undefined) return Promise.resolve([]);
      return Promise.resolve(ordered.slice(start, start + Math.max(0, Math.trunc(limit))).map((record) => structuredClone(record)));
    },
    close: () => Promise.resolve(),
  };
}
