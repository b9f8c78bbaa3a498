import { afterAll, describe, expect, it } from "vitest";
import { createDynamoAuditLog } from "../src/dynamodb/index.js";
import { createTestAuditEvent, describeAuditLog } from "../src/testing/index.js";
import { openRawTable } from "./support/open-raw-table.js";
import { dynamoSuiteFactory } from "./support/dynamo-test-table.js";
import { expectRefusedAfterClose } from "@public-scan/test-support/expect-refused-after-close";
import { releaseTestDynamo } from "@public-scan/test-support/test-dynamo";

afterAll(() => releaseTestDynamo());

describeAuditLog("dynamodb (dynalite)", dynamoSuiteFactory("audit", createDynamoAuditLog), { durable: true });

describe("DynamoDB audit log", () => {
  it("numbers events from one counter item, in one partition, and gives them a TTL only when asked", async () => {
    const table = await openRawTable("audit");
    const log = createDynamoAuditLog(table);
    const first = createTestAuditEvent({ keyId: "key_1" });
    const second = createTestAuditEvent({ keyId: "key_2" });
    await log.append(first);
    await log.append(second);
    expect(await table.items()).toEqual([
      { pk: "events", sk: "0000000000000001", event: JSON.stringify(first) },
      { pk: "events", sk: "0000000000000002", event: JSON.stringify(second) },
      { pk: "sequence", sk: "events", seq: 2 },
    ]);
    const kept = createDynamoAuditLog({ ...table, retentionDays: 30 });
    const before = Date.now();
    await kept.append(first);
    const [, , third] = await table.items();
    expect(third!.sk).toBe("0000000000000003");
    expect((third!.expiresAt as number) * 1000 - before).toBeGreaterThanOrEqual(30 * 86_400_000 - 1000);
    expect((third!.expiresAt as number) * 1000 - before).toBeLessThanOrEqual(30 * 86_400_000 + 2000);
    expect(() => createDynamoAuditLog({ ...table, retentionDays: 0 })).toThrow(RangeError);
    await Promise.all([log.close(), kept.close()]);
  });

  it("refuses a limit it would have to guess about", async () => {
    const table = await openRawTable("audit");
    const log = createDynamoAuditLog(table);
    for (const limit of [0, -1, 1.5]) await expect(log.list({ limit })).rejects.toThrow(RangeError);
    await log.close();
  });

  it("refuses every operation after close", async () => {
    await expectRefusedAfterClose(await dynamoSuiteFactory("audit", createDynamoAuditLog)({ namespace: "closed" }), {
      read: (log) => log.list(),
      write: (log) => log.append(createTestAuditEvent()),
    });
  });
});
