import { Keyv } from "keyv";
import { expect } from "vitest";
import { withNamespace } from "./keyv-case-helpers.js";
import type { KeyvStoreCase } from "./keyv-store-case.js";
import { ODD_KEYV_NAMESPACES } from "./keyv-test-values.js";

const label = (namespace: string | undefined) => `in ${namespace ?? "no namespace"}`;

/**
 * keyv 6 scopes nothing itself: it sets `adapter.namespace` and the adapter keeps namespaces apart. The
 * cases switch the namespace of one adapter the way keyv does, so they hold for a store that is not durable.
 */
export const NAMESPACE_KEYV_STORE_CASES = {
  "namespaces are isolated for get, has, getMany, delete and deleteMany": async ({ store }) => {
    const namespaces = [undefined, "a", "b"];
    for (const namespace of namespaces) await withNamespace(store, namespace, () => store.set("k", label(namespace)));
    for (const namespace of namespaces) {
      await withNamespace(store, namespace, async () => {
        expect(await store.get("k")).toBe(label(namespace));
        expect(await store.getMany(["k"])).toStrictEqual([label(namespace)]);
        expect(await store.has("k")).toBe(true);
      });
    }
    await withNamespace(store, "a", async () => expect(await store.delete("k")).toBe(true));
    await withNamespace(store, "b", async () => expect(await store.deleteMany(["k"])).toStrictEqual([true]));
    await withNamespace(store, "a", async () => expect(await store.has("k")).toBe(false));
    await withNamespace(store, "b", async () => expect(await store.get("k")).toBeUndefined());
    expect(await store.get("k")).toBe(label(undefined));
  },

  "clear removes the entries of its own namespace only": async ({ store }) => {
    const namespaces = [undefined, "a", "b"];
    for (const namespace of namespaces) {
      await withNamespace(store, namespace, () => store.setMany(["x", "y"].map((key) => ({ key, value: label(namespace) }))));
    }
    await withNamespace(store, "a", () => store.clear());
    await withNamespace(store, "a", async () => expect(await store.getMany(["x", "y"])).toStrictEqual([undefined, undefined]));
    for (const namespace of [undefined, "b"]) {
      await withNamespace(store, namespace, async () => {
        expect(await store.getMany(["x", "y"])).toStrictEqual([label(namespace), label(namespace)]);
      });
    }
  },

  "clear without a namespace removes only the entries without one": async ({ store }) => {
    await store.set("k", label(undefined));
    await withNamespace(store, "sessions", () => store.set("k", label("sessions")));
    await store.clear();
    expect(await store.get("k")).toBeUndefined();
    await withNamespace(store, "sessions", async () => expect(await store.get("k")).toBe(label("sessions")));
  },

  "namespaces that are patterns or prefixes of each other clear and read only themselves": async ({ store }) => {
    // Forward, `a` is cleared while the names it prefixes are there; backward, `a*` and `[a]` while the
    // names they would match are.
    for (const order of [[...ODD_KEYV_NAMESPACES], [...ODD_KEYV_NAMESPACES].reverse()]) {
      for (const namespace of order) await withNamespace(store, namespace, () => store.set("k", label(namespace)));
      const remaining = [...order];
      for (const namespace of order) {
        await withNamespace(store, namespace, () => store.clear());
        remaining.shift();
        await withNamespace(store, namespace, async () => expect(await store.get("k")).toBeUndefined());
        for (const other of remaining) {
          await withNamespace(store, other, async () =>
            expect(await store.get("k"), `${other} after clearing ${namespace}`).toBe(label(other)),
          );
        }
      }
    }
  },

  "a namespace and a key never run together into another namespace's key": async ({ store }) => {
    // Joined with the separator a store might use, several of these pairs would be one key.
    const pairs: Array<[namespace: string | undefined, key: string]> = [
      [undefined, "a::k"],
      [undefined, "a:k"],
      ["a", "k"],
      ["a", ":k"],
      ["a", "b::k"],
      ["a", "b:k"],
      ["a::b", "k"],
      ["a:b", "k"],
      ["a:", "k"],
    ];
    const valueOf = ([namespace, key]: [string | undefined, string]) => `${label(namespace)}, key ${key}`;
    for (const pair of pairs) await withNamespace(store, pair[0], () => store.set(pair[1], valueOf(pair)));
    for (const pair of pairs) await withNamespace(store, pair[0], async () => expect(await store.get(pair[1])).toBe(valueOf(pair)));
  },

  "a Keyv's namespace scopes the store it is given, for reads, writes and clear": async ({ store }) => {
    await withNamespace(store, "tokens", () => store.set("id", "a token"));
    const sessions = new Keyv({ store, namespace: "sessions", checkExpired: false });
    // keyv hands its namespace to the adapter instead of prefixing keys itself.
    expect(store.namespace).toBe("sessions");
    await sessions.set("id", { account: "acct_1" });
    expect(await sessions.get("id")).toStrictEqual({ account: "acct_1" });
    await withNamespace(store, undefined, async () => expect(await store.get("id")).toBeUndefined());
    await sessions.clear();
    expect(await sessions.get("id")).toBeUndefined();
    await withNamespace(store, "tokens", async () => expect(await store.get("id")).toBe("a token"));
  },
} satisfies Record<string, KeyvStoreCase>;
