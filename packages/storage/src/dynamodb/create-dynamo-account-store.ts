import { normalizeEmail, normalizeScopes, type AccountRecord, type AccountStore } from "@public-scan/core";
import type { DynamoStoreOptions } from "./create-dynamo-connection.js";
import { claimUniqueValue } from "./claim-unique-value.js";
import { createDynamoItems, type DynamoItem } from "./create-dynamo-items.js";

export interface DynamoAccountStoreOptions extends DynamoStoreOptions {
  /**
   * How long an email claim whose account is missing counts as a sign-up in progress; after that it is taken
   * over (its create died between its two writes). Default 10 000 ms.
   */
  readonly claimTimeoutMs?: number;
}

const accountItemKey = (accountId: string) => `account#${accountId}`;
const emailItemKey = (email: string) => `email#${normalizeEmail(email)}`;
/** The one partition of `accounts-by-creation`: listing pages through every account in order. */
const LIST_PARTITION = "accounts";
/** `<createdAt>#<accountId>`: ISO date-times have one length, so this sorts as SQL's ORDER BY created_at, account_id. */
const listOrderOf = (record: { createdAt: string; accountId: string }) => `${record.createdAt}#${record.accountId}`;

/** A record item: the record as created (JSON), with the fields that change kept beside it. */
function parse(item: DynamoItem | undefined): AccountRecord | null {
  if (item === undefined) return null;
  const created = JSON.parse(item.record as string) as AccountRecord;
  return {
    ...created,
    passwordHash: item.passwordHash as string,
    emailVerifiedAt: (item.emailVerifiedAt as string | undefined) ?? null,
    disabledAt: (item.disabledAt as string | undefined) ?? null,
    // Accounts whose scopes no operator has set keep the record's.
    scopes: typeof item.scopes === "string" ? (JSON.parse(item.scopes) as AccountRecord["scopes"]) : created.scopes,
  };
}

/**
 * The AccountStore on DynamoDB, on single-item conditional writes. As the key store does with a token hash,
 * `create` claims the normalized email first (`email#<email>` → accountId, `attribute_not_exists`), then
 * writes the record (`account#<accountId>`, `attribute_not_exists`), and gives the claim back when the id was
 * taken; a claim is only believed when the record it names has that email, so two sign-ups for one address
 * make one account, a claim orphaned by a crash finds nothing, and a later sign-up takes it over once it is
 * stale (`claimUniqueValue`). The fields that change (password hash, verification, disablement, scopes) are
 * attributes beside the JSON, each changed by one conditional UpdateItem, so concurrent updates of different
 * fields keep each other's changes.
 *
 * Cost: create 2 conditional PutItem (+1 WCU for the GSI) and 1 read of the claim back, 3 PutItem when the id
 * was taken; get 1 strongly consistent
 * read, findByEmail 2; each update 1 conditional UpdateItem; list 1 query of `accounts-by-creation` (eventually
 * consistent: an account created a moment ago may be missing from a page) and 1 read per account, so a page
 * shows the records as they are now; with a cursor, 1 more read (the cursor's creation time).
 */
export function createDynamoAccountStore(options: DynamoAccountStoreOptions): AccountStore {
  const items = createDynamoItems({ ...options, name: "DynamoDB account store" });
  const claimTimeoutMs = options.claimTimeoutMs ?? 10_000;
  const get = async (accountId: string) => parse(await items.get(accountItemKey(accountId)));

  const claimEmail = (record: AccountRecord) =>
    claimUniqueValue({
      items,
      pk: emailItemKey(record.email),
      field: "accountId",
      id: record.accountId,
      claimTimeoutMs,
      holder: async (accountId) => {
        const stored = await get(accountId);
        return stored === null ? "missing" : stored.email === record.email ? "holds" : "other";
      },
    });

  /** SET one attribute of an existing account; `once`: only if it was never set. */
  async function setField(accountId: string, field: string, input: { value: string; once: boolean }): Promise<boolean> {
    const condition = input.once ? "attribute_exists(pk) AND attribute_not_exists(#field)" : "attribute_exists(pk)";
    const updated = await items.update(
      { pk: accountItemKey(accountId) },
      { expression: "SET #field = :value", condition, names: { "#field": field }, values: { ":value": input.value } },
    );
    return updated !== undefined;
  }

  return {
    async create(record) {
      const stored: AccountRecord = { ...record, email: normalizeEmail(record.email) };
      if (!(await claimEmail(stored))) return false;
      const json = JSON.stringify(stored);
      const item: DynamoItem & { pk: string } = {
        pk: accountItemKey(stored.accountId),
        record: json,
        passwordHash: stored.passwordHash,
        listPartition: LIST_PARTITION,
        listOrder: listOrderOf(stored),
      };
      if (stored.emailVerifiedAt !== null) item.emailVerifiedAt = stored.emailVerifiedAt;
      if (stored.disabledAt !== null) item.disabledAt = stored.disabledAt;
      const result = await items.put(item, { expression: "attribute_not_exists(pk)" });
      const existing = result.written ? undefined : await items.get(accountItemKey(stored.accountId));
      if (result.written || (result.retried && existing?.record === json)) {
        // Slower than claimTimeoutMs between the two writes, the claim may have been taken over: then this account must not stay.
        if ((await items.get(emailItemKey(stored.email)))?.accountId === stored.accountId) return true;
        await items.delete(accountItemKey(stored.accountId), {
          expression: "#record = :json",
          names: { "#record": "record" },
          values: { ":json": json },
        });
        return false;
      }
      // The id is another account's: give the email back, unless that account has this very email (a twin create won).
      if (parse(existing)?.email !== stored.email) {
        await items.delete(emailItemKey(stored.email), {
          expression: "accountId = :accountId",
          values: { ":accountId": stored.accountId },
        });
      }
      return false;
    },
    get,
    async findByEmail(email) {
      const claim = await items.get(emailItemKey(email));
      const record = claim === undefined ? null : await get(claim.accountId as string);
      return record?.email === normalizeEmail(email) ? record : null;
    },
    markEmailVerified: (accountId, at) => setField(accountId, "emailVerifiedAt", { value: at, once: true }),
    setPasswordHash: (accountId, passwordHash) => setField(accountId, "passwordHash", { value: passwordHash, once: false }),
    // Normalized before the write: an unknown scope rejects here, changing nothing.
    setScopes: async (accountId, scopes) => setField(accountId, "scopes", { value: JSON.stringify(normalizeScopes(scopes)), once: false }),
    disable: (accountId, at) => setField(accountId, "disabledAt", { value: at, once: true }),
    async list({ after, limit }) {
      const size = Math.trunc(limit);
      if (!(size > 0)) return [];
      let from: string | undefined;
      if (after !== undefined) {
        const cursor = await get(after);
        // An unknown cursor is an empty page, never a restart from the first account.
        if (cursor === null) return [];
        from = listOrderOf(cursor);
      }
      const keys = await items.queryKeys({
        index: "accounts-by-creation",
        partition: { name: "listPartition", value: LIST_PARTITION },
        ...(from === undefined ? {} : { sort: { name: "listOrder", op: ">", value: from } as const }),
        limit: size,
      });
      const records = await Promise.all(keys.map(async (pk) => parse(await items.get(pk))));
      return records.filter((record): record is AccountRecord => record !== null);
    },
    close: () => items.close(),
  };
}
