import { DynamoDBDocumentClient, PutCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, describe, expect, it } from "vitest";
import { createDynamoKeyStore } from "../src/dynamodb/index.js";
import { createTestKeyRecord, describeKeyStore, testKeyHash } from "../src/testing/index.js";
import { openRawTable } from "./support/open-raw-table.js";
import { dynamoSuiteFactory } from "./support/dynamo-test-table.js";
import { expectRefusedAfterClose } from "@public-scan/test-support/expect-refused-after-close";
import { releaseTestDynamo } from "@public-scan/test-support/test-dynamo";

afterAll(() => releaseTestDynamo());

describeKeyStore("dynamodb (dynalite)", dynamoSuiteFactory("keys", createDynamoKeyStore), { durable: true });

describe("DynamoDB key store", () => {
  it("keeps the record and the claim of its token hash, never the token", async () => {
    const table = await openRawTable("keys");
    const store = createDynamoKeyStore(table);
    const record = createTestKeyRecord({ keyId: "key_k", ownerId: "acct_1" });
    await store.create(record);
    await store.revoke("key_k", "2026-11-24T00:00:00.000Z");
    expect(await table.items()).toEqual([
      { pk: `hash#${record.hash}`, keyId: "key_k", claimedAt: expect.any(Number) },
      {
        pk: "key#key_k",
        record: JSON.stringify(record),
        revokedAt: "2026-11-24T00:00:00.000Z",
        ownerKey: "owner#acct_1",
        ownerOrder: `${record.createdAt}#key_k`,
      },
    ]);
    await store.close();
  });

  it("believes a hash claim only when its key carries that hash, goes on from its own claim, and takes over stale ones", async () => {
    const table = await openRawTable("keys");
    const store = createDynamoKeyStore(table);
    const stored = createTestKeyRecord({ keyId: "key_stored" });
    await store.create(stored);
    // A create that claimed a hash for key_stored's id and lost (or died) before giving the claim back.
    const stray = testKeyHash("stray");
    await table.plant({ pk: `hash#${stray}`, keyId: "key_stored" });
    expect(await store.findByHash(stray)).toBeNull();
    // That claim is stale at once (its key has another hash): a create with the hash takes it over.
    const fresh = createTestKeyRecord({ keyId: "key_fresh", hash: stray });
    expect(await store.create(fresh)).toBe(true);
    expect(await store.findByHash(stray)).toStrictEqual(fresh);
    // A create of key_new that died between its two writes: its retry finishes it.
    const retried = createTestKeyRecord({ keyId: "key_new", hash: testKeyHash("new") });
    await table.plant({ pk: `hash#${retried.hash}`, keyId: "key_new" });
    expect(await store.findByHash(retried.hash)).toBeNull();
    expect(await store.create(retried)).toBe(true);
    expect(await store.findByHash(retried.hash)).toStrictEqual(retried);
    // ...but another key's create with that hash is still refused.
    expect(await store.create(createTestKeyRecord({ keyId: "key_thief", hash: retried.hash }))).toBe(false);
    // A create that died before writing its key: its fresh claim is a create in progress, an old one is taken over.
    const orphan = createTestKeyRecord({ keyId: "key_late", hash: testKeyHash("orphan") });
    await table.plant({ pk: `hash#${orphan.hash}`, keyId: "key_dead", claimedAt: Date.now() });
    expect(await store.create(orphan)).toBe(false);
    await table.plant({ pk: `hash#${orphan.hash}`, keyId: "key_dead", claimedAt: Date.now() - 10_001 });
    expect(await store.create(orphan)).toBe(true);
    expect(await store.findByHash(orphan.hash)).toStrictEqual(orphan);
    await store.close();
  });

  it("a create whose claim was taken over before its key was written takes its key back", async () => {
    const table = await openRawTable("keys");
    const client = DynamoDBDocumentClient.from(table.admin);
    const send = client.send.bind(client) as (command: unknown) => Promise<unknown>;
    const record = createTestKeyRecord({ keyId: "key_slow" });
    // Between the claim and the key, another create finds the claim stale and takes it (as after a long pause).
    client.send = (async (command: unknown) => {
      if (command instanceof PutCommand && command.input.Item?.pk === "key#key_slow") {
        await table.plant({ pk: `hash#${record.hash}`, keyId: "key_other", claimedAt: Date.now() });
      }
      return send(command);
    }) as typeof client.send;
    const store = createDynamoKeyStore({ client, tableName: table.tableName });
    expect(await store.create(record)).toBe(false);
    expect(await store.get("key_slow")).toBeNull();
    await store.close();
  });

  it("refuses every operation after close", async () => {
    await expectRefusedAfterClose(await dynamoSuiteFactory("keys", createDynamoKeyStore)({ namespace: "closed" }), {
      read: (store) => store.get("key_x"),
      write: (store) => store.create(createTestKeyRecord({ keyId: "key_x" })),
    });
  });
});
