import { TERMINAL_STATUSES, type CreateIfNoActiveResult, type ScanRecord, type ScanStore } from "@public-scan/core";
import { createDynamoActiveLocks } from "./create-dynamo-active-locks.js";
import type { DynamoStoreOptions } from "./create-dynamo-connection.js";
import { createDynamoItems, type DynamoWriteResult } from "./create-dynamo-items.js";
import { fromDynamoScanItem, isActiveStatus, scanItemKey, toDynamoScanItem } from "./to-dynamo-scan-item.js";

export interface DynamoScanStoreOptions extends DynamoStoreOptions {
  /**
   * How long a target's lock may point to a record that is not written yet before another caller treats it
   * as abandoned (its claimant died between the two writes) and takes it over. Default 10 000 ms: far above
   * the few milliseconds between the writes, and short enough that a crashed request does not hold a
   * target for long.
   */
  readonly claimTimeoutMs?: number;
  /**
   * How long ended scans are kept, in days after they ended: each ended record gets a TTL (`expiresAt`), and
   * DynamoDB deletes it some time after (typically within days; a record past its TTL may still be read until
   * then). Default: none, ended scans are kept until deleted. The store has no purge of its own
   * (core's `ScanRetention`): the table has no index of ended scans by time, and TTL deletes cost nothing.
   */
  readonly retentionDays?: number;
}

const TERMINAL_VALUES = Object.fromEntries(TERMINAL_STATUSES.map((status, index) => [`:t${index}`, status]));
/** `update`'s compare-and-set: the record exists, its status is the expected one, and that status is not terminal. */
const UPDATE_CONDITION = `attribute_exists(pk) AND #status = :expected AND NOT (#status IN (${Object.keys(TERMINAL_VALUES).join(", ")}))`;

/**
 * The ScanStore on DynamoDB (the Lambda deployment), built on single-item conditional writes only: dynalite,
 * which the conformance suite runs on, has no transactions, and none is needed. Layout (docs/dynamodb.md):
 * one item per record, `scan#<scanId>`, holding the record as JSON and its index attributes (sparse GSIs
 * `active-by-target` and `done-by-target`, `done-by-domain`, `done-by-domain-from`), so an index entry is
 * written with its record and never runs ahead of it; and one lock item per target with an active scan
 * (`createDynamoActiveLocks`), the only place where "one active scan per target" is decided.
 *
 * Every table read is strongly consistent; the GSIs are eventually consistent on AWS (a write shows up in
 * them after a short lag), so they only ever find candidates, each read back from the table before it is
 * answered, and no compare-and-set is decided on them. What the lag can do: `listActive` may miss a scan
 * created a moment ago; `findReusable` and `latestForDomain` may not yet offer a scan completed a moment ago.
 *
 * Cost per operation (on-demand; a strongly consistent read is 1 RCU per 4 KB, a write 1 WCU per 1 KB of
 * item plus 1 WCU per GSI the write touches, for keys-only projections):
 * - get: 1 consistent read.
 * - create: 1 conditional PutItem (+ its GSI entry); an active record also claims its target's lock (1 PutItem).
 * - createIfNoActive: 1 read (the scanId), 1 lock PutItem, 1 record PutItem, 1 read of the lock back; when the
 *   target is busy, 1 failed PutItem (it still costs 1 WCU) and 2 reads (the lock and its record) instead.
 * - update: 1 conditional PutItem (moving the record between GSIs costs a delete and a put in each); when the
 *   record leaves the active statuses, 1 read of the lock and, if it held it, 1 GSI query and 1 lock write.
 * - discardPending: 1 conditional DeleteItem, then as update's release.
 * - findActive: 2 reads (the lock, its record); with no lock, 1 read and 1 GSI query (0.5 RCU per 4 KB).
 * - findReusable, latestForDomain: 1 GSI query (Limit 1) and 1 read of the record.
 * - listActive: a Scan of the sparse `active-by-target` GSI (only active records are in it) and 1 read per scan.
 */
export function createDynamoScanStore(options: DynamoScanStoreOptions): ScanStore {
  const retentionDays = options.retentionDays;
  if (retentionDays !== undefined && !(retentionDays > 0)) throw new RangeError("retentionDays must be positive");
  const items = createDynamoItems({ ...options, name: "DynamoDB scan store" });
  const locks = createDynamoActiveLocks({ items, claimTimeoutMs: options.claimTimeoutMs ?? 10_000 });

  const get = async (scanId: string) => fromDynamoScanItem(await items.get(scanItemKey(scanId)));

  /** A conditional write that failed only after an SDK retry may have been ours: the stored JSON tells. */
  async function wroteRecord(result: DynamoWriteResult, scanId: string, json: string): Promise<boolean> {
    if (result.written) return true;
    return result.retried && (await items.get(scanItemKey(scanId)))?.record === json;
  }

  async function putNew(record: ScanRecord, targetKey: string): Promise<{ written: boolean; json: string }> {
    const json = JSON.stringify(record);
    const result = await items.put(toDynamoScanItem(record, { targetKey, json, retentionDays }), {
      expression: "attribute_not_exists(pk)",
    });
    return { written: await wroteRecord(result, record.scanId, json), json };
  }

  async function latestDone(index: string, partition: { name: string; value: string }, notBefore?: string) {
    const [pk] = await items.queryKeys({
      index,
      partition,
      ...(notBefore === undefined ? {} : { sort: { name: "doneOrder", op: ">=", value: notBefore } as const }),
      descending: true,
      limit: 1,
    });
    return pk === undefined ? null : fromDynamoScanItem(await items.get(pk));
  }

  /**
   * One createIfNoActive turn: the lock first, then the record, then the lock read back. Returns undefined when
   * the turn must be repeated (this claim was taken over as stale while its record was being written).
   */
  async function createIfNoActiveTurn(record: ScanRecord, targetKey: string): Promise<CreateIfNoActiveResult | undefined> {
    const stored = await get(record.scanId);
    if (stored !== null) return { created: false, active: stored };
    const claim = await locks.claim(targetKey, record.scanId, { wait: true });
    if (!claim.claimed) return { created: false, active: claim.holder! };
    const { written } = await putNew(record, targetKey);
    if (!written) {
      // The same scanId was stored meanwhile (a retried request on another process): it is the answer.
      await locks.abandon(targetKey, claim.token);
      const existing = await get(record.scanId);
      return existing === null ? undefined : { created: false, active: existing };
    }
    if (await locks.stillHeld(targetKey, claim.token)) return { created: true };
    // Slower than claimTimeoutMs between the two writes, so another caller took the target: undo and ask again.
    await items.delete(scanItemKey(record.scanId), {
      expression: "#status = :status",
      names: { "#status": "status" },
      values: { ":status": record.status },
    });
    return undefined;
  }

  return {
    get,

    async create(record, { targetKey }) {
      const { written } = await putNew(record, targetKey);
      // With two active scans of one target, the first one keeps the lock (the SET NX of the Redis store).
      if (written && isActiveStatus(record.status)) await locks.claim(targetKey, record.scanId, { wait: false });
      return written;
    },

    async createIfNoActive(record, { targetKey }) {
      for (let turn = 0; turn < 5; turn += 1) {
        const result = await createIfNoActiveTurn(record, targetKey);
        if (result !== undefined) return result;
      }
      throw new Error("DynamoDB scan store: could not create the scan; try again");
    },

    async discardPending(scanId, { targetKey }) {
      const result = await items.delete(scanItemKey(scanId), {
        expression: "#status = :pending",
        names: { "#status": "status" },
        values: { ":pending": "pending" },
      });
      // After an SDK retry, a record that is gone was deleted by the first attempt.
      const deleted = result.written || (result.retried && (await items.get(scanItemKey(scanId))) === undefined);
      if (deleted) await locks.release(targetKey, scanId);
      return deleted;
    },

    async update(record, { expectedStatus, targetKey }) {
      const json = JSON.stringify(record);
      const result = await items.put(toDynamoScanItem(record, { targetKey, json, retentionDays }), {
        expression: UPDATE_CONDITION,
        names: { "#status": "status" },
        values: { ":expected": expectedStatus, ...TERMINAL_VALUES },
      });
      if (!(await wroteRecord(result, record.scanId, json))) return null;
      // The record is written first: a lock never points past it, and a crash here leaves a stale lock the next caller repairs.
      if (isActiveStatus(expectedStatus) && !isActiveStatus(record.status)) await locks.release(targetKey, record.scanId);
      return JSON.parse(json) as ScanRecord;
    },

    async findActive(targetKey) {
      const holder = await locks.holder(targetKey);
      if (holder !== null) return holder;
      // No lock, or a stale one: an active scan the lock does not name yet (a repair still to come) is in the index.
      const candidates = await items.queryKeys({ index: "active-by-target", partition: { name: "activeTarget", value: targetKey } });
      for (const pk of candidates) {
        const candidate = fromDynamoScanItem(await items.get(pk));
        if (candidate !== null && isActiveStatus(candidate.status)) return candidate;
      }
      return null;
    },

    async findReusable(targetKey, notBefore) {
      if (Number.isNaN(Date.parse(notBefore))) throw new RangeError("notBefore must be an ISO date-time");
      return latestDone("done-by-target", { name: "doneTarget", value: targetKey }, notBefore);
    },

    latestForDomain: (domain, scanFrom) =>
      scanFrom === undefined
        ? latestDone("done-by-domain", { name: "doneDomain", value: domain })
        : latestDone("done-by-domain-from", { name: "doneDomainFrom", value: `${scanFrom}|${domain}` }),

    async listActive() {
      const keys = await items.scanKeys("active-by-target");
      const records = await Promise.all(keys.map(async (pk) => fromDynamoScanItem(await items.get(pk))));
      return records
        .filter((record): record is ScanRecord => record !== null && isActiveStatus(record.status))
        .sort((a, b) => (a.createdAt === b.createdAt ? a.scanId.localeCompare(b.scanId) : a.createdAt < b.createdAt ? -1 : 1));
    },

    close: () => items.close(),
  };
}
