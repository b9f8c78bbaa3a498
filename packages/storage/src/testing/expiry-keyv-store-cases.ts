import { Keyv } from "keyv";
import { expect } from "vitest";
import { allWritten, waitPast } from "./keyv-case-helpers.js";
import type { KeyvStoreCase } from "./keyv-store-case.js";

/** Short enough to wait for, long enough that a read right after the write is well inside it. */
const TTL_MS = 100;
const LATER = () => Date.now() + 60_000;

/**
 * keyv 6 hands adapters an absolute `expires` (Unix ms) and, with `checkExpired: false`, trusts them to
 * enforce it: these cases read through the adapter itself or through such a Keyv, so keyv's own check
 * (on by default) cannot hide an adapter that returns expired entries. Real time, not fake timers: Redis
 * expires keys on its own clock.
 */
export const EXPIRY_KEYV_STORE_CASES = {
  "an entry is gone after its expires for get, getMany, has and hasMany": async ({ store }) => {
    const expires = Date.now() + TTL_MS;
    await store.set("short", "s", expires);
    await store.set("long", "l", LATER());
    await store.set("forever", "f");
    expect(await store.get("short")).toBe("s");
    expect(await store.has("short")).toBe(true);
    await waitPast(expires);
    expect(await store.get("short")).toBeUndefined();
    expect(await store.has("short")).toBe(false);
    expect(await store.getMany(["short", "long", "forever"])).toStrictEqual([undefined, "l", "f"]);
    expect(await store.hasMany(["short", "long", "forever"])).toStrictEqual([false, true, true]);
  },

  "through a Keyv that trusts the store (checkExpired off), a TTL ends the entry": async ({ store }) => {
    const keyv = new Keyv({ store, checkExpired: false });
    await keyv.set("session", { id: "sess_1" }, TTL_MS);
    const deadline = Date.now() + TTL_MS;
    await keyv.set("kept", { id: "sess_2" });
    expect(await keyv.get("session")).toStrictEqual({ id: "sess_1" });
    await waitPast(deadline);
    expect(await keyv.get("session")).toBeUndefined();
    // With checkExpired off, has and hasMany are the store's own.
    expect(await keyv.has("session")).toBe(false);
    expect(await keyv.hasMany(["session", "kept"])).toStrictEqual([false, true]);
    expect(await keyv.getMany(["session", "kept"])).toStrictEqual([undefined, { id: "sess_2" }]);
  },

  "a write whose expires has passed leaves the key absent, even over a live value": async ({ store }) => {
    await store.set("live", "before");
    expect(await store.set("live", "too late", Date.now() - 1000)).toBe(true);
    expect(await store.get("live")).toBeUndefined();
    expect(await store.has("live")).toBe(false);
    await store.setMany([{ key: "batch", value: "too late", expires: Date.now() - 1 }]);
    expect(await store.getMany(["batch"])).toStrictEqual([undefined]);
  },

  "a write replaces the expiry: without expires the entry stays, with one it ends": async ({ store }) => {
    const first = Date.now() + TTL_MS;
    await store.set("extended", "1", first);
    await store.set("extended", "2");
    await store.set("shortened", "1");
    await store.set("shortened", "2", Date.now() + TTL_MS);
    await store.set("moved", "1", Date.now() + TTL_MS);
    await store.setMany([{ key: "moved", value: "2", expires: LATER() }]);
    const keyv = new Keyv({ store, checkExpired: false });
    await keyv.set("through keyv", "1", TTL_MS);
    await keyv.set("through keyv", "2");
    await waitPast(Date.now() + TTL_MS);
    expect(await store.get("extended")).toBe("2");
    expect(await store.get("shortened")).toBeUndefined();
    expect(await store.get("moved")).toBe("2");
    expect(await keyv.get("through keyv")).toBe("2");
  },

  "setMany gives each entry its own expiry": async ({ store }) => {
    const soon = Date.now() + TTL_MS;
    await store.setMany([
      { key: "soon", value: "a", expires: soon },
      { key: "later", value: "b", expires: LATER() },
      { key: "never", value: "c" },
    ]);
    expect(await store.getMany(["soon", "later", "never"])).toStrictEqual(["a", "b", "c"]);
    await waitPast(soon);
    expect(await store.getMany(["soon", "later", "never"])).toStrictEqual([undefined, "b", "c"]);
  },

  "an expires with a fraction of a millisecond is taken, not refused": async ({ store }) => {
    expect(await store.set("fraction", "v", LATER() + 0.5)).toBe(true);
    expect(allWritten(await store.setMany([{ key: "fractions", value: "w", expires: LATER() + 0.25 }]), 1)).toBe(true);
    expect(await store.getMany(["fraction", "fractions"])).toStrictEqual(["v", "w"]);
  },
} satisfies Record<string, KeyvStoreCase>;
