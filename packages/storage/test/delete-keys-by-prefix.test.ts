import { afterAll, describe, expect, it } from "vitest";
import { deleteKeysByPrefix } from "../src/redis/index.js";
import { releaseTestRedis, sharedTestRedis, uniqueRedisPrefix } from "@public-scan/test-support/test-redis";

const prefix = uniqueRedisPrefix("delete-prefix");
afterAll(() => releaseTestRedis(prefix));

describe("deleteKeysByPrefix", () => {
  it("deletes every key under the prefix and nothing else; glob characters match only themselves", async () => {
    const redis = await sharedTestRedis();
    const globby = `${prefix}a*[b]?:`;
    const keys = Array.from({ length: 1200 }, (_, index) => `${globby}k${index}`);
    await redis.mset(...keys.flatMap((key) => [key, "1"]));
    // Matched by the glob `a*[b]?` read as a pattern, but not under the literal prefix.
    await redis.set(`${prefix}aXXbZ:other`, "1");
    expect(await deleteKeysByPrefix(redis, globby)).toBe(1200);
    expect(await redis.exists(...keys.slice(0, 10))).toBe(0);
    expect(await redis.get(`${prefix}aXXbZ:other`)).toBe("1");
    await expect(deleteKeysByPrefix(redis, "")).rejects.toThrow(RangeError);
  });
});
