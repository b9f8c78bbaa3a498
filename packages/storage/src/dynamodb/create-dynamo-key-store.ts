import type { ApiKeyRecord, KeyStore } from "@public-scan/core";
import type { DynamoStoreOptions } from "./create-dynamo-connection.js";
import { claimUniqueValue } from "./claim-unique-value.js";
import { createDynamoItems, type DynamoItem } from "./create-dynamo-items.js";

export interface DynamoKeyStoreOptions extends DynamoStoreOptions {
  /**
   * How long a token-hash claim whose key is missing counts as a create in progress; after that it is taken
   * over (its create died between its two writes). Default 10 000 ms.
   */
  readonly claimTimeoutMs?: number;
}

const keyItemKey = (keyId: string) => `key#${keyId}`;
const hashItemKey = (hash: string) => `hash#${hash}`;

/** A record item: the record as created (JSON), with the revocation time kept beside it. */
function parse(item: DynamoItem | undefined): ApiKeyRecord | null {
  if (item === undefined) return null;
  const created = JSON.parse(item.record as string) as ApiKeyRecord;
  return { ...created, ownerId: created.ownerId ?? null, revokedAt: (item.revokedAt as string | undefined) ?? null };
}

/**
 * The KeyStore on DynamoDB, on single-item conditional writes. `create` must be unique on the keyId and on
 * the token's hash, two items without a transaction: it claims the hash first (`hash#<sha256>` → keyId,
 * `attribute_not_exists`), then writes the record (`key#<keyId>`, `attribute_not_exists`), and gives the
 * claim back when the keyId was taken. A claim is only believed when the record it names carries that hash,
 * so a claim left by a create that lost (or died) between its writes never finds a key: a token hash still
 * maps to at most one key. A retry of the same create goes on from its own claim, and another create takes
 * over a stale one (`claimUniqueValue`).
 *
 * Cost: create 2 conditional PutItem (+1 WCU for the owner GSI) and 1 read of the claim back, 3 PutItem when
 * the keyId was taken; findByHash 2
 * strongly consistent reads; get 1; revoke 1 conditional UpdateItem; listByOwner 1 query of the
 * `keys-by-owner` GSI (eventually consistent: a key created a moment ago may be missing) and 1 read per key,
 * so every revocation shows.
 */
export function createDynamoKeyStore(options: DynamoKeyStoreOptions): KeyStore {
  const items = createDynamoItems({ ...options, name: "DynamoDB key store" });
  const claimTimeoutMs = options.claimTimeoutMs ?? 10_000;
  const get = async (keyId: string) => parse(await items.get(keyItemKey(keyId)));

  const claimHash = (record: ApiKeyRecord) =>
    claimUniqueValue({
      items,
      pk: hashItemKey(record.hash),
      field: "keyId",
      id: record.keyId,
      claimTimeoutMs,
      holder: async (keyId) => {
        const stored = await get(keyId);
        return stored === null ? "missing" : stored.hash === record.hash ? "holds" : "other";
      },
    });

  return {
    async create(record) {
      if (!(await claimHash(record))) return false;
      // `?? null`: a JavaScript caller written before owners existed may leave ownerId out.
      const ownerId = record.ownerId ?? null;
      const json = JSON.stringify({ ...record, ownerId });
      const item: DynamoItem & { pk: string } = { pk: keyItemKey(record.keyId), record: json };
      if (record.revokedAt !== null) item.revokedAt = record.revokedAt;
      if (ownerId !== null) Object.assign(item, { ownerKey: `owner#${ownerId}`, ownerOrder: `${record.createdAt}#${record.keyId}` });
      const result = await items.put(item, { expression: "attribute_not_exists(pk)" });
      const stored = result.written ? undefined : await items.get(keyItemKey(record.keyId));
      if (result.written || (result.retried && stored?.record === json)) {
        // Slower than claimTimeoutMs between the two writes, the claim may have been taken over: then this key must not stay.
        if ((await items.get(hashItemKey(record.hash)))?.keyId === record.keyId) return true;
        await items.delete(keyItemKey(record.keyId), {
          expression: "#record = :json",
          names: { "#record": "record" },
          values: { ":json": json },
        });
        return false;
      }
      // The keyId is another key's: give the hash back, unless the stored key has this very hash (a twin create won).
      if (parse(stored)?.hash !== record.hash) {
        await items.delete(hashItemKey(record.hash), { expression: "keyId = :keyId", values: { ":keyId": record.keyId } });
      }
      return false;
    },
    async findByHash(hash) {
      const claim = await items.get(hashItemKey(hash));
      const record = claim === undefined ? null : await get(claim.keyId as string);
      return record?.hash === hash ? record : null;
    },
    get,
    async listByOwner(ownerId) {
      const keys = await items.queryKeys({
        index: "keys-by-owner",
        partition: { name: "ownerKey", value: `owner#${ownerId}` },
        descending: true,
      });
      const records = await Promise.all(keys.map(async (pk) => parse(await items.get(pk))));
      return records.filter((record): record is ApiKeyRecord => record !== null);
    },
    async revoke(keyId, at) {
      const updated = await items.update(
        { pk: keyItemKey(keyId) },
        { expression: "SET revokedAt = :at", condition: "attribute_exists(pk) AND attribute_not_exists(revokedAt)", values: { ":at": at } },
      );
      return updated !== undefined;
    },
    close: () => items.close(),
  };
}
