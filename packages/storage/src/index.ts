/**
 * @public-scan/storage: adapters of core's storage ports. Redis is loaded only when a Redis store creates
 * its own client; the conformance suites are in `@public-scan/storage/testing` (they need vitest).
 */
export { createRedisCounterStore, createRedisScanStore, REDIS_CONSUME_SCRIPT, REDIS_SCAN_SCRIPTS } from "./redis/index.js";
export type { RedisCounterStoreOptions, RedisScanStoreOptions, RedisScriptClient } from "./redis/index.js";
export { createSqliteCounterStore, createSqliteScanStore, SQLITE_COUNTER_SQL, SQLITE_SCAN_SQL } from "./sqlite/index.js";
export type { SqliteCounterStoreOptions, SqliteCounterStoreTuning, SqliteScanStoreOptions, SqliteScanStoreTuning } from "./sqlite/index.js";
