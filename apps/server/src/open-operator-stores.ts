import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { AccountStore, AuditLog, AuditRetention, KeyStore, ScanRetention, ScanStore } from "@public-scan/core";
import { DATABASE_FILE } from "./open-scan-store.js";
import { parseRedisPrefix, parseRedisUrl } from "./serve/parse-serve-config.js";
import { openServeStorage, redactUrl } from "./serve/serve-storage.js";
import { storesOf } from "./serve/stores-of.js";

/** The stores an operator command reads and changes: the same ones, with the same key names, as the server it serves. */
export interface OperatorStores {
  scans: () => ScanStore & ScanRetention;
  keys: () => KeyStore & { audit: AuditLog & AuditRetention };
  accounts: () => AccountStore;
  /** Where the stores are, for messages: the SQLite file, or Redis and its prefix (without a password). */
  location: { kind: "sqlite"; databasePath: string } | { kind: "redis"; url: string; prefix: string };
  /** Closes the stores opened and the Redis client. */
  close: () => Promise<void>;
}

/**
 * Opens the deployment's scans, keys and accounts (each on first use) where `pnpm serve` keeps them: the SQLite file of the data
 * directory, or Redis when --redis-url / PUBLIC_SCAN_REDIS_URL is set (with PUBLIC_SCAN_REDIS_PREFIX), so an
 * operator of a cluster issues keys every API process sees. Throws a clear Error on a bad setting.
 */
export async function openOperatorStores(
  input: { dataDir: string | undefined; redisUrl: string | undefined },
  env: Readonly<Record<string, string | undefined>>,
): Promise<OperatorStores> {
  const redisUrl = parseRedisUrl(input.redisUrl ?? env.PUBLIC_SCAN_REDIS_URL);
  const redisPrefix = parseRedisPrefix(env.PUBLIC_SCAN_REDIS_PREFIX);
  const directory = resolve(input.dataDir ?? env.PUBLIC_SCAN_DATA_DIR ?? ".data");
  const databasePath = join(directory, DATABASE_FILE);
  if (redisUrl === null) await mkdir(directory, { recursive: true, mode: 0o700 });
  const storage = await openServeStorage({ redisUrl, redisPrefix }, { databasePath, log: () => undefined });
  const stores = storesOf(storage);
  const opened: Array<{ close: () => Promise<void> }> = [];
  const track = <T extends { close: () => Promise<void> }>(store: T): T => (opened.push(store), store);
  return {
    scans: () => track(stores.scans()),
    keys: () => track(stores.keys()),
    accounts: () => track(stores.accounts()),
    location:
      storage.kind === "sqlite"
        ? { kind: "sqlite", databasePath: storage.databasePath }
        : { kind: "redis", url: redactUrl(storage.url), prefix: storage.prefix },
    close: async () => {
      await Promise.all(opened.map((store) => store.close()));
      await storage.close();
    },
  };
}
