import type { KeyvStorageAdapter, KeyvStorageEntry } from "keyv";
import { createKeyvAdapter } from "../../src/keyv/create-keyv-adapter.js";

/** The flaws a hand-rolled keyv adapter typically has; each broken store in the tests has exactly one. */
export interface KeyvStoreFlaws {
  /** set and setMany drop `expires`: nothing ever expires. */
  ignoresExpiry?: boolean;
  /** A write without `expires` keeps the expiry of the value it replaces. */
  keepsOldExpiry?: boolean;
  /** get answers null (what the database driver said) for a missing key. */
  nullForMisses?: boolean;
  /** getMany leaves the misses out instead of answering undefined in their place. */
  dropsMisses?: boolean;
  /** delete answers true whether or not the key was there. */
  deleteSaysTrue?: boolean;
  /** An empty string comes back as a miss (`value || undefined`). */
  losesEmptyStrings?: boolean;
  /** Keys are trimmed on the way in. */
  trimsKeys?: boolean;
  /** Values are cut at 64 KiB, as a VARCHAR-sized column would. */
  truncatesValues?: boolean;
  /** clear empties every namespace. */
  clearsEveryNamespace?: boolean;
  /** Namespace and key are joined as `<namespace>::<key>` and a namespace is cleared by that prefix. */
  joinsNamespaceAndKey?: boolean;
  /** clear matches its namespace as a LIKE / glob pattern (`%` `*` any run, `_` `?` any character). */
  patternClear?: boolean;
  /** delete and deleteMany match the key as a LIKE / glob pattern. */
  patternDelete?: boolean;
  /** A write of a long value goes in two halves with a wait between (an APPEND): concurrent writes interleave. */
  writesInHalves?: boolean;
  /** setMany writes one entry at a time, yielding between them. */
  setManyOneByOne?: boolean;
  /** disconnect drops everything, so nothing survives a reopen. */
  forgetsOnDisconnect?: boolean;
  /** Backslashes are stripped from values, as a naive escaping would. */
  stripsBackslashes?: boolean;
  /** A write to an existing key is ignored (INSERT OR IGNORE instead of an upsert). */
  firstWriteWins?: boolean;
  /** setMany leaves out the last entry of a batch. */
  setManyDropsLast?: boolean;
  /** A write whose expires has passed is skipped, leaving the value it should have ended. */
  skipsPastWrites?: boolean;
  /** An expires that is not a whole millisecond is refused (as Redis PXAT refuses it). */
  refusesFractions?: boolean;
  /** delete removes the key from every namespace. */
  deleteIgnoresNamespace?: boolean;
  /** Every write copies all entries, waits, and writes them all back (a whole-file store): writes get lost. */
  rewritesEverything?: boolean;
  /** Each handle remembers what it read or wrote and answers from that. */
  cachesPerHandle?: boolean;
  /** No `capabilities.expires`: a keyv 5 adapter, which keyv 6 wraps in its relative-TTL bridge. */
  legacyCapabilities?: boolean;
}

interface Entry {
  value: string;
  expires: number | undefined;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** `text` as a LIKE / glob pattern: `%` `*` any run, `_` `?` any one character, the rest literal. */
const toPattern = (text: string) =>
  new RegExp(
    `^${[...text].map((char) => ("%*".includes(char) ? ".*" : "_?".includes(char) ? "." : char.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("")}$`,
  );
const split = (id: string) => JSON.parse(id) as [namespace: string, key: string];

/**
 * Opens adapters on one shared Map, each with the given flaws; with none it conforms. Hand-rolled rather
 * than built on keyv's memory adapter (which has known gaps), so a flaw is the only difference.
 */
export function brokenKeyvStores(flaws: KeyvStoreFlaws): () => KeyvStorageAdapter {
  const entries = new Map<string, Entry>();
  let setManyCalls = 0;
  return () => {
    const cache = new Map<string, string | undefined>();
    const adapter = createKeyvAdapter({
      namespace: undefined,
      operations: (namespace) => {
        const idOf = (key: string) => {
          const exact = flaws.trimsKeys ? key.trim() : key;
          return flaws.joinsNamespaceAndKey ? `${namespace() ? `${namespace()}::` : ""}${exact}` : JSON.stringify([namespace(), exact]);
        };
        const inNamespace = (id: string) => {
          if (flaws.joinsNamespaceAndKey) return namespace() === "" || id.startsWith(`${namespace()}::`);
          return flaws.patternClear ? toPattern(namespace()).test(split(id)[0]) : split(id)[0] === namespace();
        };
        const live = (key: string) => {
          const entry = entries.get(idOf(key));
          return entry !== undefined && (entry.expires === undefined || Date.now() <= entry.expires) ? entry : undefined;
        };
        const read = (key: string) => {
          if (flaws.cachesPerHandle && cache.has(idOf(key))) return cache.get(idOf(key));
          const value = flaws.losesEmptyStrings ? live(key)?.value || undefined : live(key)?.value;
          if (flaws.cachesPerHandle) cache.set(idOf(key), value);
          return value;
        };
        const put = async (id: string, entry: Entry) => {
          if (!flaws.rewritesEverything) return void entries.set(id, entry);
          const copy = new Map(entries);
          await wait(1);
          copy.set(id, entry);
          entries.clear();
          for (const [key, value] of copy) entries.set(key, value);
        };
        const write = async ({ key, value, expires }: KeyvStorageEntry<unknown>) => {
          if (flaws.refusesFractions && expires !== undefined && !Number.isInteger(expires)) throw new Error("invalid expire time");
          if (flaws.skipsPastWrites && expires !== undefined && Date.now() > expires) return;
          if (flaws.firstWriteWins && live(key) !== undefined) return;
          const text = flaws.stripsBackslashes ? String(value).replaceAll("\\", "") : String(value);
          const kept = flaws.keepsOldExpiry && expires === undefined ? entries.get(idOf(key))?.expires : expires;
          const entry = { value: flaws.truncatesValues ? text.slice(0, 65_536) : text, expires: flaws.ignoresExpiry ? undefined : kept };
          if (flaws.cachesPerHandle) cache.set(idOf(key), entry.value);
          if (flaws.writesInHalves && text.length > 1000) {
            const half = Math.floor(text.length / 2);
            entries.set(idOf(key), { ...entry, value: text.slice(0, half) });
            await wait(1);
            entries.set(idOf(key), { ...entry, value: `${entries.get(idOf(key))?.value ?? ""}${text.slice(half)}` });
            return;
          }
          await put(idOf(key), entry);
        };
        const remove = (key: string) => {
          const existed = live(key) !== undefined;
          const matches = (id: string) =>
            flaws.patternDelete
              ? inNamespace(id) && toPattern(key).test(split(id)[1])
              : flaws.deleteIgnoresNamespace
                ? split(id)[1] === key
                : id === idOf(key);
          for (const id of [...entries.keys()]) if (matches(id)) entries.delete(id);
          cache.delete(idOf(key));
          return flaws.deleteSaysTrue || existed;
        };
        return {
          get: (key: string) => (flaws.nullForMisses ? (read(key) ?? (null as unknown as undefined)) : read(key)),
          getMany: (keys: string[]) => {
            const values = keys.map(read);
            return flaws.dropsMisses ? values.filter((value) => value !== undefined) : values;
          },
          has: (key: string) => live(key) !== undefined,
          hasMany: (keys: string[]) => keys.map((key) => live(key) !== undefined),
          set: async (key: string, value: unknown, expires?: number) => {
            await write({ key, value, ...(expires === undefined ? {} : { expires }) });
            return true;
          },
          setMany: async (batch: KeyvStorageEntry<unknown>[]) => {
            const call = setManyCalls++;
            const written = flaws.setManyDropsLast ? batch.slice(0, -1) : batch;
            for (const [index, entry] of written.entries()) {
              // Writers yield for different times, as requests on a real connection pool would.
              if (flaws.setManyOneByOne) await wait((call * 31 + index * 17) % 7);
              await write(entry);
            }
            return batch.map(() => true);
          },
          delete: (key: string) => remove(key),
          deleteMany: (keys: string[]) => keys.map(remove),
          clear: () => {
            for (const id of [...entries.keys()]) if (flaws.clearsEveryNamespace || inNamespace(id)) entries.delete(id);
            cache.clear();
          },
          disconnect: () => {
            if (flaws.forgetsOnDisconnect) entries.clear();
          },
        };
      },
    });
    if (flaws.legacyCapabilities) delete adapter.capabilities;
    return adapter;
  };
}
