import { createRedisClient } from "@public-scan/storage/redis";
import { createSqliteStores } from "@public-scan/storage/sqlite";
import type { ServeConfig } from "./parse-serve-config.js";

/**
 * Where a reference server process keeps its state: the embedded SQLite file (one process), through its
 * store map's connections (`createSqliteStores`: one for documents, one for counters), or Redis shared by
 * every process of a cluster, through one client per process (the BullMQ queue opens its own).
 */
export type ServeStorage =
  | { readonly kind: "sqlite"; readonly databasePath: string; readonly stores: ReturnType<typeof createSqliteStores> }
  | {
      readonly kind: "redis";
      readonly url: string;
      /** Prefix of every key of the deployment, ending with ':'. */
      readonly prefix: string;
      readonly client: Awaited<ReturnType<typeof createRedisClient>>;
    };

/**
 * Opens the storage the configuration names. With Redis, the first command waits for the connection, so a
 * server whose Redis is unreachable fails at start with a clear error instead of serving 500s.
 */
export async function openServeStorage(
  config: Pick<ServeConfig, "redisUrl" | "redisPrefix">,
  input: { databasePath: string; log: (line: string) => void },
): Promise<ServeStorage & { close: () => Promise<void> }> {
  if (config.redisUrl === null) {
    const stores = createSqliteStores({ path: input.databasePath });
    return { kind: "sqlite", databasePath: input.databasePath, stores, close: stores.close };
  }
  let reported = false;
  const client = await createRedisClient(config.redisUrl, {
    // One line per outage, not one per reconnection attempt.
    onError: (error) => {
      if (!reported) input.log(`serve: Redis connection error: ${error.message} (reconnecting)`);
      reported = true;
    },
  });
  client.on("ready", () => {
    if (reported) input.log("serve: Redis connection restored");
    reported = false;
  });
  try {
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw new Error(`cannot reach Redis at ${redactUrl(config.redisUrl)}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return {
    kind: "redis",
    url: config.redisUrl,
    prefix: config.redisPrefix,
    client,
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable URL)";
  }
}
