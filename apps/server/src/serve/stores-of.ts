import type {
  AccountStore,
  AuditLog,
  AuditRetention,
  CounterStore,
  KeyStore,
  MonitorStore,
  ScanRetention,
  ScanStore,
} from "@public-scan/core";
import { createRedisStores, type createRedisKeyvStore } from "@public-scan/storage/redis";
import type { createSqliteKeyvStore } from "@public-scan/storage/sqlite";
import type { ServeStorage } from "./serve-storage.js";

/** Makers of every store of the reference server, each opened on first call by its caller. */
export interface ServeStores {
  scans: () => ScanStore & ScanRetention;
  /** Keys and, beside them, the audit trail of key requests and revocations. */
  keys: () => KeyStore & { audit: AuditLog & AuditRetention };
  counters: () => CounterStore;
  accounts: () => AccountStore;
  monitors: () => MonitorStore;
  /** The keyv storage adapter of sessions and OAuth artifacts. */
  documents: () => ReturnType<typeof createSqliteKeyvStore> | ReturnType<typeof createRedisKeyvStore>;
}

/**
 * Where each store of a deployment lives: all in the SQLite file on the storage's connections
 * (`createSqliteStores`), or all in Redis under the deployment's prefix on the process's one client
 * (`createRedisStores`, the map every Redis deployment shares). The server and the operator commands use
 * this one function, so they always agree.
 */
export function storesOf(storage: ServeStorage): ServeStores {
  return storage.kind === "sqlite" ? storage.stores : createRedisStores({ client: storage.client, prefix: storage.prefix });
}
