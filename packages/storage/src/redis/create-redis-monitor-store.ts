import { MAX_MONITOR_RUNS, type MonitorRecord, type MonitorRunRecord, type MonitorStore } from "@public-scan/core";
import { createRedisConnection, type RedisConnectionOptions } from "./create-redis-connection.js";
import { createScriptRunner, type RedisScriptClient } from "./create-script-runner.js";
import { REDIS_MONITOR_SCRIPTS } from "./redis-monitor-scripts.js";

export interface RedisMonitorStoreOptions extends RedisConnectionOptions<RedisScriptClient> {
  /** Prefix of every key the store writes. Default `public-scan:monitor:`; on Redis Cluster, a hash tag. */
  readonly keyPrefix?: string;
}

/** Newest first: createdAt, then monitorId, descending (the order SQL and the owner index give). */
const newestFirst = (a: MonitorRecord, b: MonitorRecord): number =>
  a.createdAt !== b.createdAt ? (a.createdAt > b.createdAt ? -1 : 1) : a.monitorId > b.monitorId ? -1 : a.monitorId < b.monitorId ? 1 : 0;

/**
 * The MonitorStore on Redis, for a cluster of processes. Each operation is one Lua script
 * (`REDIS_MONITOR_SCRIPTS`), so the owner's cap holds between processes and a tick's run is claimed once;
 * records are JSON, so every read is a fresh copy.
 */
export function createRedisMonitorStore(options: RedisMonitorStoreOptions = {}): MonitorStore {
  const prefix = options.keyPrefix ?? "public-scan:monitor:";
  const connection = createRedisConnection({ ...options, name: "Redis monitor store" });
  const call = createScriptRunner({ scripts: REDIS_MONITOR_SCRIPTS, client: () => connection.client() });
  const key = (kind: "m" | "o" | "r" | "t", id: string) => `${prefix}${kind}:${id}`;
  const active = `${prefix}active`;
  const records = (reply: unknown) =>
    (reply as Array<string | null>).flatMap((json) => (json === null ? [] : [JSON.parse(json) as MonitorRecord]));

  return {
    create: async (record, { maxPerOwner }) => {
      const reply = await call(
        "create",
        [key("m", record.monitorId), key("o", record.ownerKeyId), active],
        [
          JSON.stringify(record),
          `${record.createdAt}\u0000${record.monitorId}`,
          maxPerOwner,
          record.status === "active" ? "1" : "0",
          record.monitorId,
        ],
      );
      if (reply === -1) throw new Error(`monitor ${record.monitorId} exists`);
      return reply === 1 ? "created" : "cap_reached";
    },
    get: async (monitorId) => {
      const json = (await call("get", [key("m", monitorId)], [])) as string | null;
      return json === null ? null : (JSON.parse(json) as MonitorRecord);
    },
    listByOwner: async (ownerKeyId) => records(await call("listByOwner", [key("o", ownerKeyId)], [prefix])),
    listActive: async () => records(await call("listActive", [active], [prefix])).sort(newestFirst),
    update: async (record) =>
      (await call(
        "update",
        [key("m", record.monitorId), active],
        [JSON.stringify(record), record.status === "active" ? "1" : "0", record.monitorId],
      )) === 1,
    delete: async (monitorId) =>
      (await call("delete", [key("m", monitorId), active, key("r", monitorId), key("t", monitorId)], [prefix, monitorId])) === 1,
    claimRun: async (run) => {
      const [claimed, json] = (await call(
        "claimRun",
        [key("m", run.monitorId), key("r", run.monitorId), key("t", run.monitorId)],
        [run.runId, JSON.stringify(run), `${run.scheduledAt}\u0000${run.runId}`, MAX_MONITOR_RUNS],
      )) as [number, string | null];
      return { claimed: claimed === 1, run: json === null ? null : (JSON.parse(json) as MonitorRunRecord) };
    },
    saveRun: async (run) => (await call("saveRun", [key("r", run.monitorId)], [run.runId, JSON.stringify(run)])) === 1,
    listRuns: async (monitorId, limit) =>
      (
        (await call("listRuns", [key("r", monitorId), key("t", monitorId)], [Math.max(0, Math.floor(limit))])) as Array<string | null>
      ).flatMap((json) => (json === null ? [] : [JSON.parse(json) as MonitorRunRecord])),
    close: () => connection.close(),
  };
}
