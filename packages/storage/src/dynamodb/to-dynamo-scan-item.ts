import { ACTIVE_STATUSES, hasEvidence, type ScanRecord } from "@public-scan/core";
import type { DynamoItem } from "./create-dynamo-items.js";

const ACTIVE = new Set<string>(ACTIVE_STATUSES);

/** Whether a stored status is one of the in-flight ones (queued, pending, running, finalizing). */
export const isActiveStatus = (status: unknown): boolean => typeof status === "string" && ACTIVE.has(status);

/** The partition key of a scan record. */
export const scanItemKey = (scanId: string) => `scan#${scanId}`;

/** The partition key of a target's lock item (which scan is its active one). */
export const activeLockKey = (targetKey: string) => `active#${targetKey}`;

/**
 * The item of a scan record: the record as JSON (so it comes back deep-equal, nulls included, and every read
 * is a fresh copy) and the attributes of the indexes it belongs to, written in the same PutItem, so an index
 * never points ahead of its record. Index attributes are set only where the record belongs (sparse indexes):
 * an active record is in `active-by-target`, a completed one with evidence (core's `hasEvidence`; a no-go
 * result is not) in the `done-*` indexes. `doneOrder` is `<completedAt>#<scanId>`: ISO date-times sort as
 * text, and a record without a time sorts first (`#` is below every digit).
 */
export function toDynamoScanItem(
  record: ScanRecord,
  input: { targetKey: string; json: string; retentionDays?: number | undefined },
): DynamoItem & { pk: string } {
  const item: DynamoItem & { pk: string } = {
    pk: scanItemKey(record.scanId),
    record: input.json,
    status: record.status,
    targetKey: input.targetKey,
  };
  // Retention: an ended record carries the TTL attribute (epoch seconds), its end plus the retention, and
  // DynamoDB deletes it (with its GSI entries, which are the same item) some time after. An active record
  // never carries one, so an in-flight scan is never deleted; lock items never do either.
  const ended = record.completedAt === null ? Number.NaN : Date.parse(record.completedAt);
  if (input.retentionDays !== undefined && !isActiveStatus(record.status) && !Number.isNaN(ended))
    item.expiresAt = Math.ceil(ended / 1000 + input.retentionDays * 86_400);
  if (isActiveStatus(record.status)) {
    item.activeTarget = input.targetKey;
    item.activeOrder = `${record.createdAt}#${record.scanId}`;
  } else if (hasEvidence(record)) {
    const doneOrder = `${record.completedAt ?? ""}#${record.scanId}`;
    Object.assign(item, { doneTarget: input.targetKey, doneDomain: record.domain, doneOrder });
    if (record.scanFrom !== null) item.doneDomainFrom = `${record.scanFrom}|${record.domain}`;
  }
  return item;
}

/** The record of a scan item, or null for a missing item. */
export const fromDynamoScanItem = (item: DynamoItem | undefined): ScanRecord | null =>
  item === undefined ? null : (JSON.parse(item.record as string) as ScanRecord);
