import type { ApiKeyRecord } from "../domain/api-key-record.js";
import type { KeyStore } from "../ports/key-store.js";

/** Newest first: createdAt, then keyId, both descending (ISO times compare as text, as in SQL). */
const newestFirst = (a: ApiKeyRecord, b: ApiKeyRecord): number => {
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt ? -1 : 1;
  if (a.keyId === b.keyId) return 0;
  return a.keyId > b.keyId ? -1 : 1;
};

/** The in-memory KeyStore, for tests and embedding. Records are copied in and out. */
export function createMemoryKeyStore(): KeyStore {
  const byId = new Map<string, ApiKeyRecord>();
  const byHash = new Map<string, string>();
  const copy = (record: ApiKeyRecord | undefined) => (record === undefined ? null : structuredClone(record));
  return {
    create(record) {
      if (byId.has(record.keyId) || byHash.has(record.hash)) return Promise.resolve(false);
      byId.set(record.keyId, structuredClone(record));
      byHash.set(record.hash, record.keyId);
      return Promise.resolve(true);
    },
    findByHash: (hash) => Promise.resolve(copy(byId.get(byHash.get(hash) ?? ""))),
    get: (keyId) => Promise.resolve(copy(byId.get(keyId))),
    listByOwner: (ownerId) =>
      Promise.resolve(
        [...byId.values()]
          .filter((record) => record.ownerId === ownerId)
          .sort(newestFirst)
          .map((record) => structuredClone(record)),
      ),
    revoke(keyId, at) {
      const record = byId.get(keyId);
      if (record === undefined || record.revokedAt !== null) return Promise.resolve(false);
      record.revokedAt = at;
      return Promise.resolve(true);
    },
    close: () => Promise.resolve(),
  };
}
