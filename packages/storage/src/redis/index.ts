export { createRedisCounterStore } from "./create-redis-counter-store.js";
export type { RedisCounterStoreOptions, RedisScriptClient } from "./create-redis-counter-store.js";
export { REDIS_CONSUME_SCRIPT } from "./redis-consume-script.js";
export { createRedisScanStore } from "./create-redis-scan-store.js";
export type { RedisScanStoreOptions } from "./create-redis-scan-store.js";
export { REDIS_SCAN_SCRIPTS } from "./redis-scan-scripts.js";
