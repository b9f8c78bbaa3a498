import { expect } from "vitest";
import { waitPast, withNamespace } from "./keyv-case-helpers.js";
import type { KeyvStoreCase } from "./keyv-store-case.js";

/** Run only for stores declared durable: handles share the entries, which outlive every handle. */
export const DURABLE_KEYV_STORE_CASES = {
  "another handle on the same entries sees writes, overwrites, deletes and clears": async ({ store, peer }) => {
    const other = await peer();
    await store.set("k", "1");
    expect(await other.get("k")).toBe("1");
    await other.set("k", "2");
    expect(await store.get("k")).toBe("2");
    expect(await other.delete("k")).toBe(true);
    expect(await store.has("k")).toBe(false);

    await withNamespace(store, "sessions", () => store.set("s", "session"));
    await withNamespace(other, "sessions", async () => {
      expect(await other.get("s")).toBe("session");
      await other.clear();
    });
    await withNamespace(store, "sessions", async () => expect(await store.get("s")).toBeUndefined());
  },

  "entries, their namespaces and their expiry survive disconnect and reopen": async ({ store, reopen }) => {
    // Long enough to outlast a reconnect, short enough to wait for after it.
    const expires = Date.now() + 500;
    await store.set("kept", "forever");
    await store.set("expiring", "soon gone", expires);
    await store.set("later", "still here", Date.now() + 60_000);
    await withNamespace(store, "sessions", () => store.set("kept", "session"));

    const again = await reopen();
    expect(await again.getMany(["kept", "later"])).toStrictEqual(["forever", "still here"]);
    await withNamespace(again, "sessions", async () => expect(await again.get("kept")).toBe("session"));
    await waitPast(expires);
    expect(await again.getMany(["kept", "expiring", "later"])).toStrictEqual(["forever", undefined, "still here"]);
  },
} satisfies Record<string, KeyvStoreCase>;
