import { hasEvidence, type RecentScans, type ScanRecord, type ScanRetention, type ScanStore } from "@public-scan/core";
import { createRedisConnection, type RedisConnectionOptions } from "./create-redis-connection.js";
import { createScriptRunner, type RedisScriptClient } from "./create-script-runner.js";
import { ensureRedisScanSchema } from "./ensure-redis-scan-schema.js";
import { REDIS_SCAN_SCRIPTS } from "./redis-scan-scripts.js";

export interface RedisScanStoreOptions extends RedisConnectionOptions<RedisScriptClient> {
  /**
   * Prefix of every key the store writes. Default `public-scan:scan:`. On Redis Cluster use a hash tag,
   * e.g. `{public-scan}:scan:`, so a record and its indexes are in one slot.
   */
  readonly keyPrefix?: string;
}

const ACTIVE = new Set<ScanRecord["status"]>(["queued", "pending", "running", "finalizing"]);

const parse = (reply: unknown): ScanRecord | null => (typeof reply === "string" ? (JSON.parse(reply) as ScanRecord) : null);

/** The sorted-set score of a completed record: its completion time in ms; one without a time sorts first. */
function scoreOf(record: ScanRecord): string {
  const ms = record.completedAt === null ? Number.NaN : Date.parse(record.completedAt);
  return Number.isNaN(ms) ? "-inf" : String(ms);
}

/**
 * The ScanStore on Redis, for several instances of the service. ARCHITECTURE.md "Storage" routes documents through keyv,
 * but keyv has no atomic compare-and-set, which this port requires (two workers must not both move one
 * job): so the store uses Lua directly. Each operation is one script (EVALSHA, falling back to EVAL when the
 * server does not have it cached): `create` writes only if the record key is absent, `createIfNoActive` also
 * only if the target's active index is empty (Redis runs one script at a time), `update` compares the
 * stored status and, in the same script, moves the record between the active and completed indexes, so an
 * index never points ahead of its record. Records are stored as JSON, so every read is a fresh copy. Ended
 * scans are indexed by their end (`P ended`) so retention deletes them oldest first, each with its index
 * entries, in one script per batch.
 */
/** How many ended scans the recent list looks at per scan it lists, at most (the rest are failures or no-go). */
const RECENT_WALK_FACTOR = 20;

export function createRedisScanStore(options: RedisScanStoreOptions = {}): ScanStore & ScanRetention & RecentScans {
  const prefix = options.keyPrefix ?? "public-scan:scan:";
  const connection = createRedisConnection({ ...options, name: "Redis scan store" });
  const run = createScriptRunner({ scripts: REDIS_SCAN_SCRIPTS, client: () => connection.client() });
  // The layout is checked (and upgraded) once per handle, before its first command; a failed check is
  // retried by the next command rather than remembered (Redis may have been down).
  let ready: Promise<void> | undefined;
  const call: typeof run = async (name, keys, args) => {
    ready ??= ensureRedisScanSchema(run, prefix).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    await ready;
    return run(name, keys, args);
  };
  const endBound = (cutoff: string) => {
    const ms = Date.parse(cutoff);
    if (Number.isNaN(ms)) throw new RangeError("cutoff must be an ISO date-time");
    return `(${ms}`;
  };

  const recordKey = (scanId: string) => `${prefix}r:${scanId}`;
  const writeArgs = (record: ScanRecord, targetKey: string) => [
    prefix,
    record.scanId,
    JSON.stringify(record),
    record.status,
    targetKey,
    record.domain,
    record.scanFrom ?? "",
    scoreOf(record),
    hasEvidence(record) ? "1" : "0",
  ];

  return {
    get: async (scanId) => parse(await call("get", [recordKey(scanId)], [])),
    create: async (record, { targetKey }) => (await call("create", [recordKey(record.scanId)], writeArgs(record, targetKey))) === 1,
    async createIfNoActive(record, { targetKey }) {
      const [created, stored] = (await call("createIfNoActive", [recordKey(record.scanId)], writeArgs(record, targetKey))) as [
        number,
        string?,
      ];
      return created === 1 ? { created: true } : { created: false, active: parse(stored)! };
    },
    discardPending: async (scanId) => (await call("discardPending", [recordKey(scanId)], [prefix, scanId])) === 1,
    async update(record, { expectedStatus, targetKey }) {
      const args = writeArgs(record, targetKey);
      const replaced = await call("update", [recordKey(record.scanId)], [...args, expectedStatus]);
      return replaced === 1 ? parse(args[2]) : null;
    },
    async findActive(targetKey) {
      const record = parse(await call("findActive", [`${prefix}active:${targetKey}`], [prefix]));
      return record !== null && ACTIVE.has(record.status) ? record : null;
    },
    async findReusable(targetKey, notBefore) {
      const min = Date.parse(notBefore);
      if (Number.isNaN(min)) throw new RangeError("notBefore must be an ISO date-time");
      return parse(await call("latestCompleted", [`${prefix}done:${targetKey}`], [prefix, min]));
    },
    async latestForDomain(domain, scanFrom) {
      const key = scanFrom === undefined ? `${prefix}domain:${domain}` : `${prefix}domain-from:${scanFrom}|${domain}`;
      return parse(await call("latestCompleted", [key], [prefix, "-inf"]));
    },
    async listActive() {
      const replies = (await call("listActive", [`${prefix}active`], [prefix])) as unknown[];
      return replies.map((reply) => parse(reply)!);
    },
    async listRecentWithEvidence(limit) {
      const wanted = Math.max(0, Math.trunc(limit));
      // Failures and no-go results are skipped: look at a bounded number of ended scans for them.
      const replies = (await call(
        "listRecentWithEvidence",
        [`${prefix}ended`],
        [prefix, wanted, wanted * RECENT_WALK_FACTOR],
      )) as unknown[];
      return replies.map((reply) => parse(reply)!);
    },
    countEndedBefore: async (cutoff) => Number(await call("countEnded", [`${prefix}ended`], [endBound(cutoff)])),
    purgeEndedBefore: async (cutoff, { limit }) =>
      limit < 1 ? 0 : Number(await call("purgeEnded", [`${prefix}ended`], [prefix, endBound(cutoff), Math.trunc(limit)])),
    close: () => connection.close(),
  };
}
