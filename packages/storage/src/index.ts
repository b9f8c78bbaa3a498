/**
 * @public-scan/storage: adapters of core's storage ports. Redis is loaded only when a Redis store creates
 * its own client; the conformance suites are in `@public-scan/storage/testing` (they need vitest).
 */
export { createRedisCounterStore, REDIS_CONSUME_SCRIPT } from "./redis/index.js";
export type { RedisCounterStoreOptions, RedisScriptClient } from "./redis/index.js";
export { createSqliteCounterStore, SQLITE_COUNTER_SQL } from "./sqlite/index.js";
export type { SqliteCounterStoreOptions, SqliteCounterStoreTuning } from "./sqlite/index.js";
