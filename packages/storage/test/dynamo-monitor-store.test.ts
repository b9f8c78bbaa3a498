import { afterAll, describe, expect, it } from "vitest";
import { createDynamoMonitorStore } from "../src/dynamodb/index.js";
import { createTestMonitorRecord, createTestMonitorRun, describeMonitorStore, testTick } from "../src/testing/index.js";
import { openRawTable } from "./support/open-raw-table.js";
import { dynamoSuiteFactory } from "./support/dynamo-test-table.js";
import { expectRefusedAfterClose } from "@public-scan/test-support/expect-refused-after-close";
import { releaseTestDynamo } from "@public-scan/test-support/test-dynamo";

afterAll(() => releaseTestDynamo());

describeMonitorStore("dynamodb (dynalite)", dynamoSuiteFactory("monitors", createDynamoMonitorStore), { durable: true });

describe("DynamoDB monitor store", () => {
  it("keeps the monitor, its owner's count and its runs as items, and a delete leaves the count lowered", async () => {
    const table = await openRawTable("monitors");
    const store = createDynamoMonitorStore(table);
    const record = createTestMonitorRecord();
    await store.create(record, { maxPerOwner: 2 });
    const run = createTestMonitorRun(record.monitorId, testTick(1));
    await store.claimRun(run);
    expect(await table.items()).toEqual(
      expect.arrayContaining([
        { pk: "cap#key_owner1", count: 1 },
        expect.objectContaining({ pk: `monitor#${record.monitorId}`, activeKey: "active", ownerKey: "owner#key_owner1" }),
        expect.objectContaining({ pk: `run#${run.runId}`, runMonitor: `runs#${record.monitorId}` }),
      ]),
    );
    await store.delete(record.monitorId);
    expect(await table.items()).toEqual([{ pk: "cap#key_owner1", count: 0 }]);
    await store.close();
  });

  it("refuses every operation after close", async () => {
    await expectRefusedAfterClose(await dynamoSuiteFactory("monitors", createDynamoMonitorStore)({ namespace: "closed" }), {
      read: (store) => store.get(createTestMonitorRecord().monitorId),
      write: (store) => store.create(createTestMonitorRecord(), { maxPerOwner: 1 }),
    });
  });
});
