import type { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createScriptRunner, type RedisScriptClient } from "../src/redis/create-script-runner.js";
import { releaseTestRedis, sharedTestRedis, uniqueRedisPrefix } from "@public-scan/test-support/test-redis";

const prefix = uniqueRedisPrefix("script-runner");
afterAll(() => releaseTestRedis(prefix));

// INCR that fails on a negative step, so one call of a group can fail alone.
const SCRIPTS = {
  add: "if tonumber(ARGV[1]) < 0 then return redis.error_reply('negative step') end return redis.call('INCRBY', KEYS[1], ARGV[1])",
} as const;

/** A client over `admin` that records what went to Redis: each pipeline and its size, and single calls. */
function recordingClient(admin: Redis, options: { pipelines: boolean }) {
  const sent: string[] = [];
  const client: RedisScriptClient = {
    evalsha: ((...args: Parameters<Redis["evalsha"]>) => (sent.push("evalsha"), admin.evalsha(...args))) as RedisScriptClient["evalsha"],
    eval: ((...args: Parameters<Redis["eval"]>) => (sent.push("eval"), admin.eval(...args))) as RedisScriptClient["eval"],
    ...(options.pipelines
      ? {
          pipeline: () => {
            const pipeline = admin.pipeline();
            const exec = pipeline.exec.bind(pipeline);
            pipeline.exec = () => (sent.push(`pipeline of ${pipeline.length}`), exec());
            return pipeline;
          },
        }
      : {}),
  };
  return { client, sent };
}

describe("createScriptRunner", () => {
  it("sends the calls of one turn as one pipeline, in order, each with its own reply or error", async () => {
    const admin = await sharedTestRedis();
    const { client, sent } = recordingClient(admin, { pipelines: true });
    const run = createScriptRunner({ scripts: SCRIPTS, client: () => Promise.resolve(client) });
    const key = `${prefix}group`;
    // The first call loads the script (a group of one: EVALSHA, NOSCRIPT, EVAL).
    expect(await run("add", [key], [1])).toBe(1);
    sent.length = 0;
    const results = await Promise.allSettled([run("add", [key], [2]), run("add", [key], [-1]), run("add", [key], [3])]);
    expect(results).toEqual([
      { status: "fulfilled", value: 3 },
      { status: "rejected", reason: expect.objectContaining({ message: expect.stringMatching(/negative step/) }) },
      { status: "fulfilled", value: 6 },
    ]);
    expect(sent).toEqual(["pipeline of 3"]);
    // Calls of a later turn are a group of their own.
    expect(await run("add", [key], [4])).toBe(10);
    expect(sent).toEqual(["pipeline of 3", "evalsha"]);
  });

  it("falls back to EVAL for every call of a pipeline the server had no script for", async () => {
    const admin = await sharedTestRedis();
    const { client, sent } = recordingClient(admin, { pipelines: true });
    const scripts = { add: `${SCRIPTS.add} -- ${prefix}` } as const;
    const run = createScriptRunner({ scripts, client: () => Promise.resolve(client) });
    const key = `${prefix}noscript`;
    expect(await Promise.all([run("add", [key], [1]), run("add", [key], [1])])).toEqual([1, 2]);
    expect(sent).toEqual(["pipeline of 2", "eval", "eval"]);
  });

  it("sends one call at a time to a client without pipelines", async () => {
    const admin = await sharedTestRedis();
    const { client, sent } = recordingClient(admin, { pipelines: false });
    const run = createScriptRunner({ scripts: SCRIPTS, client: () => Promise.resolve(client) });
    const key = `${prefix}single`;
    await run("add", [key], [1]);
    sent.length = 0;
    expect(await Promise.all([run("add", [key], [1]), run("add", [key], [1])])).toEqual([2, 3]);
    expect(sent).toEqual(["evalsha", "evalsha"]);
  });

  it("fails every call of a group when there is no connection", async () => {
    const run = createScriptRunner({ scripts: SCRIPTS, client: () => Promise.reject(new Error("no Redis")) });
    const results = await Promise.allSettled([run("add", ["k"], [1]), run("add", ["k"], [1])]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
  });
});
