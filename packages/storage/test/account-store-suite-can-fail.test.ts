import { normalizeEmail, normalizeScopes, type AccountRecord, type AccountStore, type Scope } from "@public-scan/core";
import { createMemoryAccountStore } from "@public-scan/core/testing";
import { describe, expect, it } from "vitest";
import { ACCOUNT_STORE_CASES, type AccountStoreCaseName } from "../src/testing/index.js";

/** The flaws a hand-rolled account store typically has; each broken store below has exactly one. */
interface Flaws {
  /** Keys emails as typed, so "A@x" and "a@x" make two accounts. */
  skipsNormalization?: boolean;
  /** create checks the id only, so a second account can take an existing email. */
  ignoresEmail?: boolean;
  /** create checks, awaits (as a networked store would), then writes: concurrent creates all win. */
  checkThenWrite?: boolean;
  /** markEmailVerified and disable overwrite their time and answer true again. */
  transitionsTwice?: boolean;
  /** An update of a missing account writes a partial record (an upsert). */
  upserts?: boolean;
  /** findByEmail uses SQL LIKE, where `%` and `_` are wildcards. */
  likeLookup?: boolean;
  /** Keeps and returns the caller's objects instead of copies. */
  sharesReferences?: boolean;
  /** Loses an empty scopes list on the way back, as a Lua cjson round trip does. */
  dropsEmptyScopes?: boolean;
  /** Lists in insertion order. */
  listsByInsertion?: boolean;
  /** Pages with `createdAt > cursor's createdAt`, skipping the rest of a tie. */
  cursorOnTimeOnly?: boolean;
  /** Starts from the first account when the cursor is unknown. */
  restartsOnUnknownCursor?: boolean;
  /** setScopes answers true and keeps the scopes the account had. */
  ignoresScopes?: boolean;
  /** setScopes stores the list as given: unchecked, repeats and the caller's order kept. */
  scopesAsGiven?: boolean;
  /** setScopes adds the new scopes to the old ones instead of replacing them. */
  mergesScopes?: boolean;
  /** setScopes reads the record, awaits (as a networked store would), and writes the whole record back. */
  rewritesWholeRecord?: boolean;
}

const likePattern = (email: string) =>
  new RegExp(
    `^${email
      .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      .replaceAll("%", ".*")
      .replaceAll("_", ".")}$`,
    "s",
  );

function brokenAccountStore(flaws: Flaws): AccountStore {
  const byId = new Map<string, AccountRecord>();
  const norm = (email: string) => (flaws.skipsNormalization ? email : normalizeEmail(email));
  const out = (record: AccountRecord | undefined): AccountRecord | null => {
    if (record === undefined) return null;
    if (flaws.sharesReferences) return record;
    const copy = structuredClone(record);
    if (flaws.dropsEmptyScopes && copy.scopes.length === 0) delete (copy as Partial<AccountRecord>).scopes;
    return copy;
  };
  const find = (email: string) =>
    [...byId.values()].find((record) => (flaws.likeLookup ? likePattern(norm(email)).test(record.email) : record.email === norm(email)));
  const stored = (accountId: string) => {
    let record = byId.get(accountId);
    if (record === undefined && flaws.upserts) byId.set(accountId, (record = { accountId } as AccountRecord));
    return record;
  };
  const update = (accountId: string, field: "emailVerifiedAt" | "disabledAt" | "passwordHash", value: string) => {
    const record = stored(accountId);
    if (record === undefined) return Promise.resolve(false);
    if (field !== "passwordHash" && record[field] !== null && record[field] !== undefined && !flaws.transitionsTwice)
      return Promise.resolve(false);
    record[field] = value;
    return Promise.resolve(true);
  };
  const setScopes = async (accountId: string, scopes: readonly Scope[]) => {
    const next = flaws.scopesAsGiven ? [...scopes] : normalizeScopes(scopes);
    const record = stored(accountId);
    if (record === undefined) return false;
    if (flaws.ignoresScopes) return true;
    if (flaws.rewritesWholeRecord) {
      const copy = structuredClone(record);
      await new Promise((resolve) => setTimeout(resolve, 1));
      byId.set(accountId, { ...copy, scopes: next });
      return true;
    }
    record.scopes = flaws.mergesScopes ? normalizeScopes([...(record.scopes ?? []), ...next]) : next;
    return true;
  };
  const ordered = () => {
    const records = [...byId.values()].filter((record) => record.email !== undefined);
    if (flaws.listsByInsertion) return records;
    return records.sort((a, b) =>
      a.createdAt === b.createdAt ? (a.accountId < b.accountId ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1,
    );
  };
  return {
    async create(record) {
      const taken = byId.has(record.accountId) || (!flaws.ignoresEmail && find(record.email) !== undefined);
      if (flaws.checkThenWrite) await new Promise((resolve) => setTimeout(resolve, 1));
      if (taken) return false;
      const stored = flaws.sharesReferences ? record : structuredClone(record);
      stored.email = norm(record.email);
      byId.set(record.accountId, stored);
      return true;
    },
    get: (accountId) => Promise.resolve(out(byId.get(accountId))),
    findByEmail: (email) => Promise.resolve(out(find(email))),
    markEmailVerified: (accountId, at) => update(accountId, "emailVerifiedAt", at),
    setPasswordHash: (accountId, passwordHash) => update(accountId, "passwordHash", passwordHash),
    setScopes,
    disable: (accountId, at) => update(accountId, "disabledAt", at),
    list({ after, limit }) {
      const records = ordered();
      const cursor = records.findIndex((record) => record.accountId === after);
      let rest = records;
      if (after !== undefined && cursor >= 0)
        rest = flaws.cursorOnTimeOnly
          ? records.filter((record) => record.createdAt > records[cursor]!.createdAt)
          : records.slice(cursor + 1);
      else if (after !== undefined && !flaws.restartsOnUnknownCursor) rest = [];
      return Promise.resolve(rest.slice(0, Math.max(0, limit)).map((record) => out(record)!));
    },
    close: () => Promise.resolve(),
  };
}

const CAUGHT: [bug: string, caseName: AccountStoreCaseName, flaws: Flaws][] = [
  ["no normalization", "an email is stored normalized, and found whatever its case or surrounding spaces", { skipsNormalization: true }],
  ["no normalization", "exactly one of 20 concurrent sign-ups for one email succeeds, however it was typed", { skipsNormalization: true }],
  [
    "a create that ignores the email",
    "create refuses a second account for a taken email, and leaves the first as it was",
    { ignoresEmail: true },
  ],
  [
    "a check-then-write create",
    "exactly one of 20 concurrent sign-ups for one email succeeds, however it was typed",
    { checkThenWrite: true },
  ],
  [
    "a check-then-write create",
    "exactly one of 20 concurrent creates of one accountId succeeds, and only its email is indexed",
    { checkThenWrite: true },
  ],
  [
    "transitions that overwrite",
    "markEmailVerified succeeds once and keeps the first time; an account created verified stays as it was",
    { transitionsTwice: true },
  ],
  ["transitions that overwrite", "disable succeeds once and keeps the first time, whatever the verification", { transitionsTwice: true }],
  [
    "transitions that overwrite",
    "exactly one of 20 concurrent verifications and one of 20 disables succeed, and their times are kept",
    { transitionsTwice: true },
  ],
  ["an upserting update", "an unknown account is null to every lookup and false to every update, which create nothing", { upserts: true }],
  ["an upserting update", "setScopes of a missing account is false and creates nothing", { upserts: true }],
  [
    "an ignored setScopes",
    "setScopes replaces the scopes every time, each once in SCOPES order, and changes nothing else",
    { ignoresScopes: true },
  ],
  ["an ignored setScopes", "setScopes and the other updates keep each other's changes", { ignoresScopes: true }],
  [
    "scopes stored as given",
    "setScopes replaces the scopes every time, each once in SCOPES order, and changes nothing else",
    { scopesAsGiven: true },
  ],
  [
    "scopes stored as given",
    "setScopes rejects a scope outside SCOPES and changes nothing, not even the valid ones beside it",
    { scopesAsGiven: true },
  ],
  [
    "merged scopes",
    "setScopes replaces the scopes every time, each once in SCOPES order, and changes nothing else",
    { mergesScopes: true },
  ],
  [
    "a whole-record rewrite",
    "20 concurrent setScopes beside the one-time updates lose nothing: one whole set, and both times",
    { rewritesWholeRecord: true },
  ],
  ["a LIKE lookup", "emails with SQL, Lua, glob and JSON characters or unicode round-trip and match only themselves", { likeLookup: true }],
  [
    "shared references",
    "records are copies: mutating an argument or a returned object does not change the store",
    { sharesReferences: true },
  ],
  [
    "a lost empty list",
    "records come back deep-equal: every field, nulls, empty and full scope lists, after every update",
    { dropsEmptyScopes: true },
  ],
  ["insertion order", "list gives every account in creation order, then id, as whole records", { listsByInsertion: true }],
  [
    "a cursor on time only",
    "list pages through with a cursor and a limit: no account twice, none left out, ties split by id",
    { cursorOnTimeOnly: true },
  ],
  [
    "a restart on an unknown cursor",
    "list is empty past the last account, for an unknown cursor and for a limit of 0 or less",
    { restartsOnUnknownCursor: true },
  ],
];

async function runCase(caseName: AccountStoreCaseName, store: AccountStore): Promise<void> {
  const fail = () => Promise.reject(new Error("not durable"));
  await ACCOUNT_STORE_CASES[caseName]({ store, peer: () => Promise.resolve(store), reopen: fail });
}

describe("the AccountStore conformance suite", () => {
  it.each(CAUGHT)("catches %s in the case %s", async (_bug, caseName, flaws) => {
    await expect(runCase(caseName, brokenAccountStore(flaws))).rejects.toThrow();
    await expect(runCase(caseName, createMemoryAccountStore())).resolves.toBeUndefined();
    // The harness itself is not the bug: with no flaw, the hand-rolled store passes too.
    await expect(runCase(caseName, brokenAccountStore({}))).resolves.toBeUndefined();
  });
});
