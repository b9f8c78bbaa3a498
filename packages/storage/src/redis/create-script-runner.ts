import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/** The two commands script-based stores need, so an existing `Redis` (or a compatible client) can be passed in. */
export type RedisScriptClient = Pick<Redis, "evalsha" | "eval">;

/**
 * Runs a store's Lua scripts by name: EVALSHA, falling back to EVAL when the server does not have the
 * script cached (after a restart or SCRIPT FLUSH), which also caches it for the next call.
 */
export function createScriptRunner<const S extends Record<string, string>>(input: {
  scripts: S;
  client: () => Promise<RedisScriptClient>;
}) {
  const shas = Object.fromEntries(
    Object.entries(input.scripts).map(([name, script]) => [name, createHash("sha1").update(script).digest("hex")]),
  );
  return async (name: keyof S & string, keys: readonly string[], args: ReadonlyArray<string | number>): Promise<unknown> => {
    const redis = await input.client();
    try {
      return await redis.evalsha(shas[name]!, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return redis.eval(input.scripts[name]!, keys.length, ...keys, ...args);
    }
  };
}
