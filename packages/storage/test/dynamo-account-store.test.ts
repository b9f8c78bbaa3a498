import { afterAll, describe, expect, it } from "vitest";
import { createDynamoAccountStore } from "../src/dynamodb/index.js";
import { createTestAccountRecord, describeAccountStore } from "../src/testing/index.js";
import { openRawTable } from "./support/open-raw-table.js";
import { dynamoSuiteFactory } from "./support/dynamo-test-table.js";
import { expectRefusedAfterClose } from "@public-scan/test-support/expect-refused-after-close";
import { releaseTestDynamo } from "@public-scan/test-support/test-dynamo";

afterAll(() => releaseTestDynamo());

describeAccountStore("dynamodb (dynalite)", dynamoSuiteFactory("accounts", createDynamoAccountStore), { durable: true });

describe("DynamoDB account store", () => {
  it("keeps the record with its changing fields beside it, and the claim of its normalized email", async () => {
    const table = await openRawTable("accounts");
    const store = createDynamoAccountStore(table);
    const record = createTestAccountRecord({ accountId: "acct_1", email: " Ann@Example.TEST " });
    await store.create(record);
    await store.markEmailVerified("acct_1", "2026-11-21T00:00:00.000Z");
    await store.setScopes("acct_1", ["scan:read"]);
    expect(await table.items()).toEqual([
      {
        pk: "account#acct_1",
        record: JSON.stringify({ ...record, email: "ann@example.test" }),
        passwordHash: record.passwordHash,
        emailVerifiedAt: "2026-11-21T00:00:00.000Z",
        scopes: JSON.stringify(["scan:read"]),
        listPartition: "accounts",
        listOrder: `${record.createdAt}#acct_1`,
      },
      { pk: "email#ann@example.test", accountId: "acct_1", claimedAt: expect.any(Number) },
    ]);
    await store.close();
  });

  it("believes an email claim only when its account has that email, goes on from its own claim, and takes over stale ones", async () => {
    const table = await openRawTable("accounts");
    const store = createDynamoAccountStore(table);
    await store.create(createTestAccountRecord({ accountId: "acct_stored", email: "stored@example.test" }));
    // A sign-up that claimed an address for acct_stored's id and lost before giving the claim back.
    await table.plant({ pk: "email#stray@example.test", accountId: "acct_stored" });
    expect(await store.findByEmail("stray@example.test")).toBeNull();
    // That claim is stale at once (its account has another email): a sign-up with the address takes it over.
    const fresh = createTestAccountRecord({ accountId: "acct_fresh", email: "stray@example.test" });
    expect(await store.create(fresh)).toBe(true);
    expect(await store.findByEmail("stray@example.test")).toStrictEqual(fresh);
    // A sign-up that died between its two writes: its retry finishes it.
    const retried = createTestAccountRecord({ accountId: "acct_new", email: "new@example.test" });
    await table.plant({ pk: "email#new@example.test", accountId: "acct_new" });
    expect(await store.create(retried)).toBe(true);
    expect(await store.findByEmail("NEW@example.test")).toStrictEqual(retried);
    expect(await store.create(createTestAccountRecord({ accountId: "acct_other", email: "new@example.test" }))).toBe(false);
    // A sign-up that died before writing its account: its fresh claim is one in progress, an old one is taken over.
    const late = createTestAccountRecord({ accountId: "acct_late", email: "orphan@example.test" });
    await table.plant({ pk: "email#orphan@example.test", accountId: "acct_dead", claimedAt: Date.now() });
    expect(await store.create(late)).toBe(false);
    await table.plant({ pk: "email#orphan@example.test", accountId: "acct_dead", claimedAt: Date.now() - 10_001 });
    expect(await store.create(late)).toBe(true);
    await store.close();
  });

  it("refuses every operation after close", async () => {
    await expectRefusedAfterClose(await dynamoSuiteFactory("accounts", createDynamoAccountStore)({ namespace: "closed" }), {
      read: (store) => store.get("acct_x"),
      write: (store) => store.create(createTestAccountRecord({ accountId: "acct_x" })),
    });
  });
});
