import { MAX_MONITOR_RUNS, type MonitorRecord, type MonitorRunRecord, type MonitorStore } from "@public-scan/core";
import type { DynamoStoreOptions } from "./create-dynamo-connection.js";
import { createDynamoItems, type DynamoItem } from "./create-dynamo-items.js";

export type DynamoMonitorStoreOptions = DynamoStoreOptions;

const monitorKey = (monitorId: string) => `monitor#${monitorId}`;
const capKey = (ownerKeyId: string) => `cap#${ownerKeyId}`;
const runKey = (runId: string) => `run#${runId}`;
const order = (record: MonitorRecord) => `${record.createdAt}#${record.monitorId}`;

/** A monitor's item: the record and the attributes of the indexes it belongs in (`activeKey` only while active). */
const toItem = (record: MonitorRecord): DynamoItem & { pk: string } => ({
  pk: monitorKey(record.monitorId),
  record: JSON.stringify(record),
  ownerKey: `owner#${record.ownerKeyId}`,
  ownerOrder: order(record),
  ...(record.status === "active" ? { activeKey: "active", activeOrder: order(record) } : {}),
});
const toRunItem = (run: MonitorRunRecord): DynamoItem & { pk: string } => ({
  pk: runKey(run.runId),
  run: JSON.stringify(run),
  runMonitor: `runs#${run.monitorId}`,
  runOrder: `${run.scheduledAt}#${run.runId}`,
});
const parse = (item: DynamoItem | undefined) => (item === undefined ? null : (JSON.parse(item.record as string) as MonitorRecord));
const parseRun = (item: DynamoItem | undefined) => (item === undefined ? null : (JSON.parse(item.run as string) as MonitorRunRecord));

/**
 * The MonitorStore on DynamoDB, on single-item conditional writes (no transactions). The owner's cap is a
 * counter item raised with a condition (`count < max`) before the monitor is written, and lowered when the
 * write is refused or the monitor deleted: a process that dies between the two leaves the count one high,
 * which only makes the cap stricter, never looser. A run is claimed with `attribute_not_exists` on its id
 * (the monitor and the tick), after a strongly consistent read that the monitor exists; runs beyond the
 * newest MAX_MONITOR_RUNS are deleted after each claim. Index queries are eventually consistent, so every
 * item they find is read back from the table.
 */
export function createDynamoMonitorStore(options: DynamoMonitorStoreOptions): MonitorStore {
  const items = createDynamoItems({ ...options, name: "DynamoDB monitor store" });
  const get = async (monitorId: string) => parse(await items.get(monitorKey(monitorId)));
  const adjustCap = (ownerKeyId: string, by: 1 | -1, max?: number) =>
    items.update(
      { pk: capKey(ownerKeyId) },
      {
        expression: "SET #c = if_not_exists(#c, :zero) + :by",
        names: { "#c": "count" },
        values: { ":zero": 0, ":by": by, ...(max === undefined ? {} : { ":max": max }) },
        ...(max === undefined ? {} : { condition: "attribute_not_exists(#c) OR #c < :max" }),
      },
    );
  const records = async (keys: string[]) =>
    (await Promise.all(keys.map(async (pk) => parse(await items.get(pk))))).filter((r) => r !== null);
  const runsOf = async (monitorId: string, limit?: number) => {
    const keys = await items.queryKeys({
      index: "runs-by-monitor",
      partition: { name: "runMonitor", value: `runs#${monitorId}` },
      descending: true,
      ...(limit === undefined ? {} : { limit }),
    });
    return (await Promise.all(keys.map(async (pk) => parseRun(await items.get(pk))))).filter((run) => run !== null);
  };

  return {
    async create(record, { maxPerOwner }) {
      if (maxPerOwner <= 0 || (await adjustCap(record.ownerKeyId, 1, maxPerOwner)) === undefined) return "cap_reached";
      const written = await items.put(toItem(record), { expression: "attribute_not_exists(pk)" });
      if (!written.written) {
        await adjustCap(record.ownerKeyId, -1);
        throw new Error(`monitor ${record.monitorId} exists`);
      }
      return "created";
    },
    get,
    listByOwner: async (ownerKeyId) =>
      records(
        await items.queryKeys({
          index: "monitors-by-owner",
          partition: { name: "ownerKey", value: `owner#${ownerKeyId}` },
          descending: true,
        }),
      ),
    listActive: async () =>
      (
        await records(
          await items.queryKeys({ index: "monitors-active", partition: { name: "activeKey", value: "active" }, descending: true }),
        )
      ).filter((record) => record.status === "active"),
    update: async (record) => (await items.put(toItem(record), { expression: "attribute_exists(pk)" })).written,
    async delete(monitorId) {
      const record = await get(monitorId);
      if (record === null) return false;
      const deleted = await items.delete(monitorKey(monitorId), { expression: "attribute_exists(pk)" });
      if (!deleted.written) return false;
      await adjustCap(record.ownerKeyId, -1);
      for (const run of await runsOf(monitorId)) await items.delete(runKey(run.runId));
      return true;
    },
    async claimRun(run) {
      if ((await get(run.monitorId)) === null) return { claimed: false, run: null };
      const written = await items.put(toRunItem(run), { expression: "attribute_not_exists(pk)" });
      if (written.written) {
        for (const old of (await runsOf(run.monitorId)).slice(MAX_MONITOR_RUNS)) await items.delete(runKey(old.runId));
      }
      const stored = parseRun(await items.get(runKey(run.runId)));
      return { claimed: written.written && stored !== null, run: stored };
    },
    saveRun: async (run) => (await items.put(toRunItem(run), { expression: "attribute_exists(pk)" })).written,
    listRuns: (monitorId, limit) => (limit <= 0 ? Promise.resolve([]) : runsOf(monitorId, limit)),
    close: () => items.close(),
  };
}
