/**
 * @public-scan/storage: adapters of core's storage ports, and keyv stores for documents with a time to live.
 * Redis is loaded only when a Redis store creates its own client; the conformance suites are in
 * `@public-scan/storage/testing` (they need vitest).
 */
export {
  createRedisCounterStore,
  createRedisKeyvStore,
  createRedisScanStore,
  REDIS_CONSUME_SCRIPT,
  REDIS_SCAN_SCRIPTS,
} from "./redis/index.js";
export type {
  RedisCounterStoreOptions,
  RedisKeyvClient,
  RedisKeyvStore,
  RedisKeyvStoreOptions,
  RedisScanStoreOptions,
  RedisScriptClient,
} from "./redis/index.js";
export {
  createSqliteCounterStore,
  createSqliteKeyvStore,
  createSqliteScanStore,
  SQLITE_COUNTER_SQL,
  SQLITE_SCAN_SQL,
} from "./sqlite/index.js";
export type {
  SqliteCounterStoreOptions,
  SqliteCounterStoreTuning,
  SqliteKeyvStore,
  SqliteKeyvStoreOptions,
  SqliteKeyvStoreTuning,
  SqliteScanStoreOptions,
  SqliteScanStoreTuning,
} from "./sqlite/index.js";
