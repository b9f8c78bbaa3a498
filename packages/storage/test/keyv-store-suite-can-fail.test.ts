import type { KeyvStorageAdapter } from "keyv";
import { describe, expect, it } from "vitest";
import { KEYV_STORE_CASES, type KeyvStoreCaseName } from "../src/testing/index.js";
import { brokenKeyvStores, type KeyvStoreFlaws } from "./support/broken-keyv-store.js";

const CAUGHT: [bug: string, caseName: KeyvStoreCaseName, flaws: KeyvStoreFlaws][] = [
  ["a keyv 5 adapter", "declares keyv 6's absolute expiry, so a Keyv uses the adapter as it is", { legacyCapabilities: true }],
  ["a store that never expires", "an entry is gone after its expires for get, getMany, has and hasMany", { ignoresExpiry: true }],
  ["a store that never expires", "through a Keyv that trusts the store (checkExpired off), a TTL ends the entry", { ignoresExpiry: true }],
  ["a store that never expires", "setMany gives each entry its own expiry", { ignoresExpiry: true }],
  ["a store that never expires", "entries, their namespaces and their expiry survive disconnect and reopen", { ignoresExpiry: true }],
  [
    "an overwrite that keeps the old expiry",
    "a write replaces the expiry: without expires the entry stays, with one it ends",
    { keepsOldExpiry: true },
  ],
  [
    "null for a miss",
    "a missing key is undefined to get and getMany and false to has, hasMany, delete and deleteMany",
    { nullForMisses: true },
  ],
  ["a getMany that drops misses", "getMany and hasMany answer in the order asked, repeats included", { dropsMisses: true }],
  [
    "a delete that always says true",
    "delete removes one key and says whether it was there; deleteMany says so per key",
    { deleteSaysTrue: true },
  ],
  [
    "an empty string read as a miss",
    "set keeps the string it is given exactly, and get and getMany give it back",
    { losesEmptyStrings: true },
  ],
  ["trimmed keys", "keys with separators, wildcards, quotes and unicode are exact and distinct", { trimsKeys: true }],
  ["a delete by pattern", "keys with separators, wildcards, quotes and unicode are exact and distinct", { patternDelete: true }],
  ["values cut at 64 KiB", "values of about 1 MB round-trip whole, directly and through Keyv", { truncatesValues: true }],
  ["a clear of every namespace", "clear removes the entries of its own namespace only", { clearsEveryNamespace: true }],
  [
    "a clear of every namespace",
    "a Keyv's namespace scopes the store it is given, for reads, writes and clear",
    { clearsEveryNamespace: true },
  ],
  ["namespace::key joins", "a namespace and a key never run together into another namespace's key", { joinsNamespaceAndKey: true }],
  ["namespace::key joins", "clear without a namespace removes only the entries without one", { joinsNamespaceAndKey: true }],
  ["a clear by pattern", "namespaces that are patterns or prefixes of each other clear and read only themselves", { patternClear: true }],
  [
    "writes in two halves",
    "20 concurrent sets of one key end with one of the written values, the same on every handle",
    { writesInHalves: true },
  ],
  [
    "a setMany one entry at a time",
    "20 concurrent setMany batches of the same keys leave one whole batch, never a mix",
    { setManyOneByOne: true },
  ],
  ["naive escaping", "documents, scalars and lists round-trip through Keyv", { stripsBackslashes: true }],
  ["an insert that ignores existing keys", "a later write replaces the value, by set or by setMany", { firstWriteWins: true }],
  ["a setMany that drops the last entry", "setMany writes every entry and says so, directly and through Keyv", { setManyDropsLast: true }],
  [
    "a write past its expires that is skipped",
    "a write whose expires has passed leaves the key absent, even over a live value",
    { skipsPastWrites: true },
  ],
  ["a refused fractional expires", "an expires with a fraction of a millisecond is taken, not refused", { refusesFractions: true }],
  ["a delete across namespaces", "namespaces are isolated for get, has, getMany, delete and deleteMany", { deleteIgnoresNamespace: true }],
  ["a whole-file rewrite per write", "concurrent writes of different keys all land", { rewritesEverything: true }],
  ["a cache per handle", "another handle on the same entries sees writes, overwrites, deletes and clears", { cachesPerHandle: true }],
  [
    "a store that forgets on disconnect",
    "entries, their namespaces and their expiry survive disconnect and reopen",
    { forgetsOnDisconnect: true },
  ],
];

/** Runs one case the way the suite does for a durable store: handles on one Map, all disconnected after. */
async function runCase(caseName: KeyvStoreCaseName, open: () => KeyvStorageAdapter): Promise<void> {
  const opened: KeyvStorageAdapter[] = [];
  const track = () => {
    const store = open();
    opened.push(store);
    return store;
  };
  const disconnectAll = () => Promise.all(opened.splice(0).map((store) => store.disconnect?.() ?? Promise.resolve()));
  try {
    await KEYV_STORE_CASES[caseName]({
      store: track(),
      peer: () => Promise.resolve(track()),
      reopen: async () => {
        await disconnectAll();
        return track();
      },
    });
  } finally {
    await disconnectAll();
  }
}

describe("the keyv store conformance suite", () => {
  it.each(CAUGHT)("catches %s in the case %s", async (_bug, caseName, flaws) => {
    await expect(runCase(caseName, brokenKeyvStores(flaws))).rejects.toThrow();
    // The harness itself is not the bug: with no flaw, the hand-rolled store passes.
    await expect(runCase(caseName, brokenKeyvStores({}))).resolves.toBeUndefined();
  });

  it("every case is caught failing at least once above", () => {
    const caught = new Set(CAUGHT.map(([, caseName]) => caseName));
    const uncaught = Object.keys(KEYV_STORE_CASES).filter((caseName) => !caught.has(caseName as KeyvStoreCaseName));
    expect(uncaught).toEqual([]);
  });
});
