import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/**
 * The commands script-based stores need, so an existing `Redis` (or a compatible client) can be passed in.
 * With `pipeline` (ioredis's Redis and Cluster have it), the calls of one event-loop turn go out together.
 */
export type RedisScriptClient = Pick<Redis, "evalsha" | "eval"> & Partial<Pick<Redis, "pipeline">>;

interface PendingCall {
  readonly sha: string;
  readonly script: string;
  readonly keys: readonly string[];
  readonly args: ReadonlyArray<string | number>;
  readonly resolve: (reply: unknown) => void;
  readonly reject: (error: unknown) => void;
}

const isNoScript = (error: unknown) => error instanceof Error && error.message.startsWith("NOSCRIPT");

/** EVALSHA, falling back to EVAL (which also caches the script) when the server does not have it. */
async function runOne(redis: RedisScriptClient, call: PendingCall): Promise<unknown> {
  try {
    return await redis.evalsha(call.sha, call.keys.length, ...call.keys, ...call.args);
  } catch (error) {
    if (!isNoScript(error)) throw error;
    return redis.eval(call.script, call.keys.length, ...call.keys, ...call.args);
  }
}

/**
 * Runs a store's Lua scripts by name: EVALSHA, falling back to EVAL when the server does not have the
 * script cached (after a restart or SCRIPT FLUSH), which also caches it for the next call.
 *
 * The calls asked for while the event loop runs one turn are sent as one pipeline: one socket write and
 * one read for all of them, where a busy server paid a write system call per call (most of a keyed read's
 * cost on Redis, BENCHMARKS.md). Nothing else changes: Redis still runs each script atomically, in the
 * order the calls were asked for, and each call gets its own reply or error.
 */
export function createScriptRunner<const S extends Record<string, string>>(input: {
  scripts: S;
  client: () => Promise<RedisScriptClient>;
}) {
  const shas = Object.fromEntries(
    Object.entries(input.scripts).map(([name, script]) => [name, createHash("sha1").update(script).digest("hex")]),
  );
  let group: PendingCall[] = [];
  let scheduled = false;

  async function send(calls: readonly PendingCall[]) {
    let redis: RedisScriptClient;
    try {
      redis = await input.client();
    } catch (error) {
      for (const call of calls) call.reject(error);
      return;
    }
    if (calls.length === 1 || redis.pipeline === undefined) {
      for (const call of calls) runOne(redis, call).then(call.resolve, call.reject);
      return;
    }
    const pipeline = redis.pipeline();
    for (const call of calls) pipeline.evalsha(call.sha, call.keys.length, ...call.keys, ...call.args);
    let replies: Array<[Error | null, unknown]> | null;
    try {
      replies = await pipeline.exec();
    } catch (error) {
      for (const call of calls) call.reject(error);
      return;
    }
    calls.forEach((call, index) => {
      const [error, reply] = replies?.[index] ?? [new Error("Redis pipeline: no reply"), null];
      if (error === null) call.resolve(reply);
      // The server had no copy of the script: EVAL sends it (and caches it), in the order of the calls.
      else if (isNoScript(error)) redis.eval(call.script, call.keys.length, ...call.keys, ...call.args).then(call.resolve, call.reject);
      else call.reject(error);
    });
  }

  return (name: keyof S & string, keys: readonly string[], args: ReadonlyArray<string | number>): Promise<unknown> =>
    new Promise((resolve, reject) => {
      group.push({ sha: shas[name]!, script: input.scripts[name]!, keys, args, resolve, reject });
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        const calls = group;
        group = [];
        void send(calls);
      });
    });
}
