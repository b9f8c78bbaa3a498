import { targetKeyOf, type ScanRecord, type ScanStore } from "@public-scan/core";
import { expect } from "vitest";
import { createTestScanRecord, type TestScanRecordInput } from "./create-test-scan-record.js";

/** Created queued and moved to its status through `update`, so the update path writes its indexes. */
export async function storedThroughUpdate(store: ScanStore, input: TestScanRecordInput): Promise<ScanRecord> {
  const record = createTestScanRecord(input);
  const targetKey = targetKeyOf(record);
  expect(await store.create(createTestScanRecord({ ...input, status: "queued" }), { targetKey })).toBe(true);
  if (record.status !== "queued") expect(await store.update(record, { expectedStatus: "queued", targetKey })).toStrictEqual(record);
  return record;
}
