import type { Redis, RedisOptions } from "ioredis";

export interface RedisConnectionOptions<C> {
  /** An existing client; the store never quits it. */
  readonly client?: C;
  /** Options or URL for a client the store creates (ioredis is loaded on first use) and quits on close(). */
  readonly connection?: RedisOptions | string;
}

/**
 * The client of one Redis store: the host's own, or one it creates on first use and quits on close. ioredis
 * is imported lazily, so importing the storage entry does not load it for SQLite-only hosts.
 */
export function createRedisConnection<C>(options: RedisConnectionOptions<C> & { name: string }) {
  let owned: Promise<Redis> | undefined;
  let closed = false;
  return {
    client(): Promise<C> {
      if (closed) return Promise.reject(new Error(`${options.name} is closed`));
      if (options.client !== undefined) return Promise.resolve(options.client);
      owned ??= import("ioredis").then(({ Redis: RedisClient }) => {
        const { connection } = options;
        return typeof connection === "string" ? new RedisClient(connection) : new RedisClient(connection ?? {});
      });
      return owned as unknown as Promise<C>;
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      // A client that never came up (ioredis failed to load) has nothing to quit.
      const own = await owned?.catch(() => undefined);
      await own?.quit();
    },
  };
}
