import { targetKeyOf, type ScanRecord } from "@public-scan/core";
import { afterAll, describe, expect, it } from "vitest";
import { createDynamoScanStore, type DynamoScanStoreOptions } from "../src/dynamodb/index.js";
import { createTestScanRecord, describeScanStore } from "../src/testing/index.js";
import { openRawTable } from "./support/open-raw-table.js";
import { dynamoSuiteFactory } from "./support/dynamo-test-table.js";
import { expectRefusedAfterClose } from "@public-scan/test-support/expect-refused-after-close";
import { releaseTestDynamo } from "@public-scan/test-support/test-dynamo";

afterAll(() => releaseTestDynamo());

describeScanStore("dynamodb (dynalite)", dynamoSuiteFactory("scans", createDynamoScanStore), { durable: true });

/** A store on a table of its own, and a way to read (and plant) raw items in it. */
async function openStore(options: Partial<DynamoScanStoreOptions> = {}) {
  const table = await openRawTable("scans");
  return {
    store: createDynamoScanStore({ ...table, ...options }),
    /** Every item with the attributes the indexes read (not the JSON, nor a lock's claim time and token). */
    items: async () => (await table.items()).map(({ record: _record, claimedAt: _claimedAt, token: _token, ...rest }) => rest),
    plant: table.plant,
  };
}

const keyOf = (record: ScanRecord) => ({ targetKey: targetKeyOf(record) });

describe("DynamoDB scan store", () => {
  it("with retentionDays, gives each ended record a TTL of its end plus the retention, and never an active one or a lock", async () => {
    const { store, items } = await openStore({ retentionDays: 30 });
    const running = createTestScanRecord({ scanId: "scan_run", status: "running", url: "https://run.test/" });
    await store.create(running, keyOf(running));
    const queued = createTestScanRecord({ scanId: "scan_end", status: "queued", url: "https://end.test/" });
    await store.create(queued, keyOf(queued));
    const failed = createTestScanRecord({
      scanId: "scan_end",
      status: "failed",
      url: "https://end.test/",
      completedAt: "2026-01-01T00:00:00.000Z",
    });
    expect(await store.update(failed, { expectedStatus: "queued", ...keyOf(failed) })).toStrictEqual(failed);
    const completed = createTestScanRecord({
      scanId: "scan_done",
      status: "completed",
      url: "https://done.test/",
      completedAt: "2026-01-02T00:00:00.500Z",
    });
    await store.create(completed, keyOf(completed));
    const ttl = Object.fromEntries((await items()).map((item) => [item.pk, item.expiresAt]));
    expect(ttl).toStrictEqual({
      [`active#${targetKeyOf(running)}`]: undefined,
      "scan#scan_run": undefined,
      "scan#scan_end": Date.parse("2026-01-01T00:00:00.000Z") / 1000 + 30 * 86_400,
      "scan#scan_done": Math.ceil(Date.parse("2026-01-02T00:00:00.500Z") / 1000) + 30 * 86_400,
    });
    await store.close();
    // Without retentionDays no item carries one; a retention that is not positive is refused.
    const plain = await openStore();
    await plain.store.create(completed, keyOf(completed));
    expect((await plain.items()).map((item) => item.expiresAt)).toStrictEqual([undefined]);
    await plain.store.close();
    expect(() => createDynamoScanStore({ tableName: "t", retentionDays: 0 })).toThrow(RangeError);
  });

  it("keeps one item per record with its index attributes, and one lock item per target with an active scan", async () => {
    const { store, items } = await openStore();
    const queued = createTestScanRecord({ scanId: "scan_k", status: "queued" });
    const targetKey = targetKeyOf(queued);
    await store.create(queued, { targetKey });
    expect(await items()).toEqual([
      { pk: `active#${targetKey}`, scanId: "scan_k" },
      {
        pk: "scan#scan_k",
        status: "queued",
        targetKey,
        activeTarget: targetKey,
        activeOrder: `${queued.createdAt}#scan_k`,
      },
    ]);
    const completed = createTestScanRecord({ scanId: "scan_k", status: "completed" });
    await store.update(completed, { expectedStatus: "queued", targetKey });
    // The record left the active index and the lock is gone; it is in the done indexes, ordered by completion.
    expect(await items()).toEqual([
      {
        pk: "scan#scan_k",
        status: "completed",
        targetKey,
        doneTarget: targetKey,
        doneDomain: "example.test",
        doneDomainFrom: "eu|example.test",
        doneOrder: `${completed.completedAt}#scan_k`,
      },
    ]);
    await store.close();
  });

  it("takes over a lock whose record ended without releasing it (a worker died in between)", async () => {
    const { store, plant } = await openStore();
    const failed = createTestScanRecord({ scanId: "scan_dead", status: "failed" });
    await store.create(failed, keyOf(failed));
    await plant({ pk: `active#${targetKeyOf(failed)}`, scanId: "scan_dead", claimedAt: Date.now(), token: "t-dead" });
    expect(await store.findActive(targetKeyOf(failed))).toBeNull();
    const next = createTestScanRecord({ scanId: "scan_next", status: "pending" });
    expect(await store.createIfNoActive(next, keyOf(next))).toStrictEqual({ created: true });
    expect(await store.findActive(targetKeyOf(next))).toStrictEqual(next);
    await store.close();
  });

  it("waits for a fresh claim's record, and takes over a claim older than claimTimeoutMs whose record never came", async () => {
    const { store, plant } = await openStore({ claimTimeoutMs: 300 });
    const pending = createTestScanRecord({ scanId: "scan_slow", status: "pending" });
    const targetKey = targetKeyOf(pending);
    // A claimant between its two writes: the lock is there, its record not yet.
    await plant({ pk: `active#${targetKey}`, scanId: "scan_slow", claimedAt: Date.now(), token: "t-slow" });
    const other = createTestScanRecord({ scanId: "scan_other", status: "pending" });
    const waiting = store.createIfNoActive(other, { targetKey });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await plant({ pk: "scan#scan_slow", record: JSON.stringify(pending), status: "pending", targetKey });
    expect(await waiting).toStrictEqual({ created: false, active: pending });

    // A claimant that died before writing its record: its claim is taken over once it is older than the timeout.
    const orphanTarget = targetKeyOf({ scanFrom: "eu", url: "https://orphan.test/" });
    await plant({ pk: `active#${orphanTarget}`, scanId: "scan_never", claimedAt: Date.now() - 301, token: "t-never" });
    const fresh = createTestScanRecord({ scanId: "scan_fresh", status: "pending", url: "https://orphan.test/" });
    expect(await store.createIfNoActive(fresh, { targetKey: orphanTarget })).toStrictEqual({ created: true });
    expect(await store.findActive(orphanTarget)).toStrictEqual(fresh);
    await store.close();
  });

  it("finds an active scan the lock does not name (its repair still to come) through the index", async () => {
    const { store, plant } = await openStore();
    const running = createTestScanRecord({ scanId: "scan_unlocked", status: "running" });
    await store.create(running, keyOf(running));
    // The lock points to a record that ended: stale, so findActive looks the target up in the index.
    await plant({ pk: `active#${targetKeyOf(running)}`, scanId: "scan_gone", claimedAt: 0, token: "t-gone" });
    expect(await store.findActive(targetKeyOf(running))).toStrictEqual(running);
    await store.close();
  });

  it("refuses every operation after close", async () => {
    await expectRefusedAfterClose(await dynamoSuiteFactory("scans", createDynamoScanStore)({ namespace: "closed" }), {
      read: (store) => store.get("scan_x"),
      write: (store) => {
        const record = createTestScanRecord({ scanId: "scan_x", status: "queued" });
        return store.create(record, { targetKey: targetKeyOf(record) });
      },
    });
  });
});
