import { normalizeEmail } from "@public-scan/core";
import { expect } from "vitest";
import type { AccountStoreCase } from "./account-store-case.js";
import { createTestAccountRecord } from "./create-test-account-record.js";

/**
 * Addresses with characters that mean something to SQL (quotes, LIKE's `%` and `_`, comments), to Lua
 * patterns (`%`, `.`, `[`), to Redis globs (`*`, `?`, `[`), to JSON (quotes, backslashes), and non-ASCII
 * ones. Each must be stored and found as itself, and must never match another.
 */
const HOSTILE_EMAILS = [
  "o'brien@example.test",
  "'; drop table accounts; --@example.test",
  '"quoted"@example.test',
  "100%@example.test",
  "under_score@example.test",
  "star*@example.test",
  "q?[x]@example.test",
  "dots.and.plus+tag@example.test",
  "back\\slash@example.test",
  "ünïcödé@exämple.test",
  "用户@例子.测试",
  "emoji😀@example.test",
] as const;

/** What `create` stores and every lookup agrees on: trimmed and lower-cased (core's `normalizeEmail`). */
export const EMAIL_ACCOUNT_STORE_CASES = {
  "an email is stored normalized, and found whatever its case or surrounding spaces": async ({ store }) => {
    const typed = createTestAccountRecord({ accountId: "acct_case", email: " Alice.Smith@Example.TEST\t" });
    expect(await store.create(typed)).toBe(true);
    const stored = { ...typed, email: "alice.smith@example.test" };
    expect(await store.get("acct_case")).toStrictEqual(stored);
    for (const lookup of [
      "alice.smith@example.test",
      "ALICE.SMITH@EXAMPLE.TEST",
      "  alice.smith@example.TEST ",
      "\nAlice.Smith@example.test",
    ]) {
      expect(await store.findByEmail(lookup), lookup).toStrictEqual(stored);
    }
    // The same address typed another way is the same email: a second account is refused.
    expect(await store.create(createTestAccountRecord({ accountId: "acct_case2", email: "ALICE.smith@example.test" }))).toBe(false);
    expect(await store.get("acct_case2")).toBeNull();
    // Normalization is trimming and case only: another local part is another address.
    expect(await store.findByEmail("alicesmith@example.test")).toBeNull();
  },

  "emails with SQL, Lua, glob and JSON characters or unicode round-trip and match only themselves": async ({ store }) => {
    const records = HOSTILE_EMAILS.map((email, index) => createTestAccountRecord({ accountId: `acct_hostile_${index}`, email }));
    for (const record of records) expect(await store.create(record), record.email).toBe(true);
    for (const record of records) {
      expect(await store.findByEmail(record.email), record.email).toStrictEqual(record);
      expect(await store.get(record.accountId)).toStrictEqual(record);
    }
    // Unicode letters are lower-cased like ASCII ones (toLowerCase), so an upper-case lookup finds them.
    const unicode = records.find((record) => record.email === "ünïcödé@exämple.test");
    expect(await store.findByEmail("ÜNÏCÖDÉ@EXÄMPLE.TEST")).toStrictEqual(unicode);
    // Wildcards are characters here, not patterns: none of these is a stored address.
    for (const probe of [
      "%",
      "*",
      "_",
      "?",
      "%@example.test",
      "*@example.test",
      "100_@example.test",
      "star@example.test",
      "q?[y]@example.test",
    ]) {
      expect(await store.findByEmail(probe), probe).toBeNull();
    }
    // Still create-once on each of them, in another case.
    for (const [index, email] of HOSTILE_EMAILS.entries()) {
      const retry = createTestAccountRecord({ accountId: `acct_retry_${index}`, email: normalizeEmail(email).toUpperCase() });
      expect(await store.create(retry), email).toBe(false);
    }
    expect(await store.list({ limit: 100 })).toHaveLength(HOSTILE_EMAILS.length);
  },
} satisfies Record<string, AccountStoreCase>;
