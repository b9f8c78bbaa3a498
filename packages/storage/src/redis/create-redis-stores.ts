import type { Redis } from "ioredis";
import { createRedisAccountStore } from "./create-redis-account-store.js";
import { createRedisAuditLog } from "./create-redis-audit-log.js";
import { createRedisCounterStore } from "./create-redis-counter-store.js";
import { createRedisKeyStore } from "./create-redis-key-store.js";
import { createRedisKeyvStore } from "./create-redis-keyv-store.js";
import { createRedisMonitorStore } from "./create-redis-monitor-store.js";
import { createRedisScanStore } from "./create-redis-scan-store.js";

/**
 * Makers of every Redis store of one deployment, on one client (which the stores never quit) and under one
 * prefix: `<prefix>scan:`, `key:`, `audit:`, `counter:`, `account:`, `monitor:`, `keyv:`. Every process of a deployment
 * (the reference server's, a Lambda function's, an operator command's) uses this one map, so they all agree
 * on where each record lives. Each maker opens a new store handle when called.
 */
export function createRedisStores(input: { readonly client: Redis; readonly prefix: string }) {
  const { client, prefix } = input;
  return {
    scans: () => createRedisScanStore({ client, keyPrefix: `${prefix}scan:` }),
    /** Keys and, beside them, the audit trail of key requests and revocations. */
    keys: () =>
      Object.assign(createRedisKeyStore({ client, keyPrefix: `${prefix}key:` }), {
        audit: createRedisAuditLog({ client, keyPrefix: `${prefix}audit:` }),
      }),
    counters: () => createRedisCounterStore({ client, keyPrefix: `${prefix}counter:` }),
    accounts: () => createRedisAccountStore({ client, keyPrefix: `${prefix}account:` }),
    monitors: () => createRedisMonitorStore({ client, keyPrefix: `${prefix}monitor:` }),
    /** The keyv storage adapter of sessions and OAuth artifacts. */
    documents: () => createRedisKeyvStore({ client, keyPrefix: `${prefix}keyv:` }),
  };
}
