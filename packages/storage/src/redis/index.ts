export { createRedisCounterStore } from "./create-redis-counter-store.js";
export type { RedisCounterStoreOptions, RedisScriptClient } from "./create-redis-counter-store.js";
export { REDIS_CONSUME_SCRIPT } from "./redis-consume-script.js";
