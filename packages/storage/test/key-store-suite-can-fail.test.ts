import { type ApiKeyRecord, type KeyStore } from "@public-scan/core";
import { createMemoryKeyStore } from "@public-scan/core/testing";
import { describe, expect, it } from "vitest";
import { KEY_STORE_CASES, type KeyStoreCaseName } from "../src/testing/index.js";

/** The flaws a hand-rolled key store typically has; each broken store below has exactly one. */
interface Flaws {
  /** create checks the keyId only, so a second key can take an existing token hash. */
  ignoresHash?: boolean;
  /** create checks, awaits (as a networked store would), then writes: concurrent creates all win. */
  checkThenWrite?: boolean;
  /** revoke overwrites revokedAt and answers true for a key already revoked. */
  revokesTwice?: boolean;
  /** Keeps and returns the caller's objects instead of copies. */
  sharesReferences?: boolean;
  /** Loses an empty scopes list on the way back, as a Lua cjson round trip does. */
  dropsEmptyScopes?: boolean;
  /** listByOwner lists the oldest key first. */
  listsOldestFirst?: boolean;
  /** listByOwner leaves revoked keys out. */
  hidesRevoked?: boolean;
  /** listByOwner compares owners as strings, so "null" finds the keys without an owner. */
  stringifiesOwner?: boolean;
  /** create indexes the key under its owner before checking that the keyId and hash are free. */
  indexesBeforeCheck?: boolean;
}

function brokenKeyStore(flaws: Flaws): KeyStore {
  const byId = new Map<string, ApiKeyRecord>();
  const byHash = new Map<string, string>();
  const byOwner = new Map<string, ApiKeyRecord[]>();
  const out = (record: ApiKeyRecord | undefined): ApiKeyRecord | null => {
    if (record === undefined) return null;
    if (flaws.sharesReferences) return record;
    const copy = structuredClone(record);
    if (flaws.dropsEmptyScopes && copy.scopes.length === 0) delete (copy as Partial<ApiKeyRecord>).scopes;
    return copy;
  };
  return {
    async create(record) {
      const index = () => {
        if (record.ownerId === null && !flaws.stringifiesOwner) return;
        const owner = String(record.ownerId);
        byOwner.set(owner, [...(byOwner.get(owner) ?? []), flaws.sharesReferences ? record : structuredClone(record)]);
      };
      if (flaws.indexesBeforeCheck) index();
      const taken = byId.has(record.keyId) || (!flaws.ignoresHash && byHash.has(record.hash));
      if (flaws.checkThenWrite) await new Promise((resolve) => setTimeout(resolve, 1));
      if (taken) return false;
      byId.set(record.keyId, flaws.sharesReferences ? record : structuredClone(record));
      byHash.set(record.hash, record.keyId);
      if (!flaws.indexesBeforeCheck) index();
      return true;
    },
    findByHash: (hash) => Promise.resolve(out(byId.get(byHash.get(hash) ?? ""))),
    get: (keyId) => Promise.resolve(out(byId.get(keyId))),
    listByOwner(ownerId) {
      // The index holds what create was given; the current record (its revocation) is read by keyId, unless
      // the store indexed a key it then refused, which has no record of its own.
      const records = (byOwner.get(ownerId) ?? [])
        .map((indexed) => (byId.get(indexed.keyId)?.hash === indexed.hash ? byId.get(indexed.keyId)! : indexed))
        .filter((record) => !flaws.hidesRevoked || record.revokedAt === null)
        .sort((a, b) => (a.createdAt === b.createdAt ? (a.keyId < b.keyId ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
      return Promise.resolve((flaws.listsOldestFirst ? records.reverse() : records).map((record) => out(record)!));
    },
    revoke(keyId, at) {
      const record = byId.get(keyId);
      if (record === undefined || (record.revokedAt !== null && !flaws.revokesTwice)) return Promise.resolve(false);
      record.revokedAt = at;
      return Promise.resolve(true);
    },
    close: () => Promise.resolve(),
  };
}

const CAUGHT: [bug: string, caseName: KeyStoreCaseName, flaws: Flaws][] = [
  [
    "a create that ignores the hash",
    "create stores a key once: a second create with its keyId or its hash is refused and changes nothing",
    { ignoresHash: true },
  ],
  ["a create that ignores the hash", "exactly one of 20 concurrent creates with one hash succeeds", { ignoresHash: true }],
  [
    "a check-then-write create",
    "exactly one of 20 concurrent creates of one keyId succeeds, and only its hash is indexed",
    { checkThenWrite: true },
  ],
  ["a check-then-write create", "exactly one of 20 concurrent creates with one hash succeeds", { checkThenWrite: true }],
  ["a revoke that overwrites", "revoke succeeds once, keeps the first revokedAt, and is false for an unknown key", { revokesTwice: true }],
  ["a revoke that overwrites", "exactly one of 20 concurrent revokes of one key succeeds, and its time is kept", { revokesTwice: true }],
  [
    "shared references",
    "records are copies: mutating an argument or a returned object does not change the store",
    { sharesReferences: true },
  ],
  [
    "a lost empty list",
    "records come back deep-equal: every field, nulls, empty and full scope lists, unicode",
    { dropsEmptyScopes: true },
  ],
  [
    "oldest-first listing",
    "listByOwner lists only that owner's keys, newest first (then keyId), revoked ones included with their revokedAt",
    { listsOldestFirst: true },
  ],
  [
    "hidden revoked keys",
    "listByOwner lists only that owner's keys, newest first (then keyId), revoked ones included with their revokedAt",
    { hidesRevoked: true },
  ],
  [
    "a stringified null owner",
    "listByOwner is empty for an unknown owner, and never lists keys without an owner",
    { stringifiesOwner: true },
  ],
  [
    "an owner index written before the check",
    "a refused create never lists its key under its owner, and owners are matched whole",
    { indexesBeforeCheck: true },
  ],
];

async function runCase(caseName: KeyStoreCaseName, store: KeyStore): Promise<void> {
  const fail = () => Promise.reject(new Error("not durable"));
  await KEY_STORE_CASES[caseName]({ store, peer: () => Promise.resolve(store), reopen: fail });
}

describe("the KeyStore conformance suite", () => {
  it.each(CAUGHT)("catches %s in the case %s", async (_bug, caseName, flaws) => {
    await expect(runCase(caseName, brokenKeyStore(flaws))).rejects.toThrow();
    await expect(runCase(caseName, createMemoryKeyStore())).resolves.toBeUndefined();
    // The harness itself is not the bug: with no flaw, the hand-rolled store passes too.
    await expect(runCase(caseName, brokenKeyStore({}))).resolves.toBeUndefined();
  });
});
