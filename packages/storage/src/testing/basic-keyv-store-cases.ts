import { Keyv } from "keyv";
import { expect } from "vitest";
import { allWritten } from "./keyv-case-helpers.js";
import type { KeyvStoreCase } from "./keyv-store-case.js";
import { createLargeKeyvValue, ODD_KEYV_KEYS, PATTERN_KEYV_KEYS } from "./keyv-test-values.js";

/** Strings a store must give back exactly as it got them: keyv's serializer hands it strings like these. */
const STRING_VALUES = [
  "",
  " ",
  "plain",
  '{"value":{"a":1},"expires":null}',
  "null",
  "undefined",
  "0",
  "ünïcödé ✓ 🎉 \u2028",
  "line\nbreak\ttab\r",
  "'; DROP TABLE keyv_entries; --",
  "\\u0000 escaped, not a NUL",
];

/** The document of a session or an OAuth artifact: nesting, nulls, an empty list, numbers, unicode. */
const DOCUMENT = {
  id: "sess_1",
  accountId: null,
  scopes: [],
  claims: { sub: "user 1", email_verified: true, amr: ["pwd", "otp"], auth_time: 1_800_000_000.5 },
  note: 'quotes " and \\ and ünïcödé ✓',
};

/** Reads and writes of one namespace: misses, exact values, order, overwrite, deletes, odd keys, size. */
export const BASIC_KEYV_STORE_CASES = {
  "declares keyv 6's absolute expiry, so a Keyv uses the adapter as it is": async ({ store }) => {
    expect(store.capabilities?.expires).toBe(true);
    // An adapter without the flag is taken for a relative-TTL one and wrapped in keyv's bridge.
    const keyv = new Keyv({ store });
    expect(keyv.store).toBe(store);
    await keyv.set("k", "v", 60_000);
    const envelope = JSON.parse((await store.get("k")) as string) as { value?: unknown; expires?: unknown };
    expect(envelope.value).toBe("v");
    expect(typeof envelope.expires).toBe("number");
  },

  "a missing key is undefined to get and getMany and false to has, hasMany, delete and deleteMany": async ({ store }) => {
    expect(await store.get("missing")).toBeUndefined();
    expect(await store.getMany(["missing", "also missing"])).toStrictEqual([undefined, undefined]);
    expect(await store.has("missing")).toBe(false);
    expect(await store.hasMany(["missing", "also missing"])).toStrictEqual([false, false]);
    expect(await store.delete("missing")).toBe(false);
    expect(await store.deleteMany(["missing", "also missing"])).toStrictEqual([false, false]);
    expect(await store.getMany([])).toStrictEqual([]);
    expect(await store.hasMany([])).toStrictEqual([]);
  },

  "set keeps the string it is given exactly, and get and getMany give it back": async ({ store }) => {
    const keys = STRING_VALUES.map((_, index) => `value ${index}`);
    for (const [index, value] of STRING_VALUES.entries()) expect(await store.set(keys[index]!, value)).toBe(true);
    for (const [index, value] of STRING_VALUES.entries()) expect(await store.get(keys[index]!)).toBe(value);
    expect(await store.getMany(keys)).toStrictEqual(STRING_VALUES);
    expect(await store.hasMany(keys)).toStrictEqual(keys.map(() => true));
  },

  "documents, scalars and lists round-trip through Keyv": async ({ store }) => {
    const keyv = new Keyv({ store });
    const entries: Array<[string, unknown]> = [
      ["document", DOCUMENT],
      ["number", 42],
      ["zero", 0],
      ["false", false],
      ["null", null],
      ["colon string", ":starts with a colon"],
      ["list", [1, "two", { three: 3 }]],
    ];
    for (const [key, value] of entries) expect(await keyv.set(key, value)).toBe(true);
    for (const [key, value] of entries) expect(await keyv.get(key)).toStrictEqual(value);
    expect(await keyv.getMany(["document", "missing", "number"])).toStrictEqual([DOCUMENT, undefined, 42]);
    expect(await keyv.has("document")).toBe(true);
    expect(await keyv.has("missing")).toBe(false);
    // What keyv stored is its serialized envelope, a string the adapter kept as it was.
    expect(JSON.parse((await store.get("document")) as string)).toMatchObject({ value: DOCUMENT });
  },

  "getMany and hasMany answer in the order asked, repeats included": async ({ store }) => {
    await store.set("a", "1");
    await store.set("b", "2");
    expect(await store.getMany(["b", "missing", "a", "b"])).toStrictEqual(["2", undefined, "1", "2"]);
    expect(await store.hasMany(["b", "missing", "a"])).toStrictEqual([true, false, true]);
  },

  "a later write replaces the value, by set or by setMany": async ({ store }) => {
    await store.set("k", "first");
    await store.set("k", "second");
    expect(await store.get("k")).toBe("second");
    expect(allWritten(await store.setMany([{ key: "k", value: "third" }]), 1)).toBe(true);
    expect(await store.get("k")).toBe("third");
  },

  "setMany writes every entry and says so, directly and through Keyv": async ({ store }) => {
    const entries = [
      { key: "one", value: "1" },
      { key: "two", value: "2", expires: Date.now() + 60_000 },
      { key: "three", value: "3" },
    ];
    expect(allWritten(await store.setMany(entries), 3)).toBe(true);
    expect(await store.getMany(["one", "two", "three"])).toStrictEqual(["1", "2", "3"]);
    expect(allWritten(await store.setMany([]), 0)).toBe(true);

    const keyv = new Keyv({ store });
    expect(
      await keyv.setMany<unknown>([
        { key: "doc", value: DOCUMENT },
        { key: "timed", value: [1], ttl: 60_000 },
      ]),
    ).toStrictEqual([true, true]);
    expect(await keyv.getMany(["doc", "timed"])).toStrictEqual([DOCUMENT, [1]]);
  },

  "delete removes one key and says whether it was there; deleteMany says so per key": async ({ store }) => {
    await store.setMany(["a", "b", "c", "d"].map((key) => ({ key, value: key })));
    expect(await store.delete("a")).toBe(true);
    expect(await store.delete("a")).toBe(false);
    expect(await store.get("a")).toBeUndefined();
    expect(await store.deleteMany(["b", "missing", "c", "b"])).toStrictEqual([true, false, true, false]);
    expect(await store.getMany(["a", "b", "c", "d"])).toStrictEqual([undefined, undefined, undefined, "d"]);

    const keyv = new Keyv({ store });
    expect(await keyv.delete("d")).toBe(true);
    expect(await keyv.has("d")).toBe(false);
  },

  "keys with separators, wildcards, quotes and unicode are exact and distinct": async ({ store }) => {
    const valueOf = (key: string) => `value of ${JSON.stringify(key)}`;
    for (const key of ODD_KEYV_KEYS) await store.set(key, valueOf(key));
    for (const key of ODD_KEYV_KEYS) expect(await store.get(key)).toBe(valueOf(key));
    expect(await store.getMany([...ODD_KEYV_KEYS])).toStrictEqual(ODD_KEYV_KEYS.map(valueOf));
    // Keys that only a pattern would find are not there.
    for (const key of ["ab", "b", "a:", "padded", "new", "ünïcödé"]) {
      expect(await store.get(key)).toBeUndefined();
      expect(await store.has(key)).toBe(false);
    }
    // Deleting the pattern keys deletes those keys, not what they would match.
    expect(await store.deleteMany([...PATTERN_KEYV_KEYS])).toStrictEqual(PATTERN_KEYV_KEYS.map(() => true));
    const rest = ODD_KEYV_KEYS.filter((key) => !(PATTERN_KEYV_KEYS as readonly string[]).includes(key));
    expect(await store.getMany(rest)).toStrictEqual(rest.map(valueOf));
  },

  "values of about 1 MB round-trip whole, directly and through Keyv": async ({ store }) => {
    const large = createLargeKeyvValue(1_000_000);
    expect(await store.set("large", large)).toBe(true);
    const back = await store.get("large");
    // Compared without a diff: a failing 1 MB string diff would bury the message.
    expect(typeof back === "string" && back.length).toBe(large.length);
    expect(back === large).toBe(true);

    const keyv = new Keyv({ store });
    await keyv.set("large document", { ...DOCUMENT, blob: large });
    const document = await keyv.get<{ blob?: string }>("large document");
    expect(document?.blob === large).toBe(true);
  },
} satisfies Record<string, KeyvStoreCase>;
