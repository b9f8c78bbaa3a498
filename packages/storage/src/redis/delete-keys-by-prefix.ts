import type { Redis } from "ioredis";

/**
 * Deletes every key under `prefix` (a deployment's, or a test run's) with SCAN and UNLINK, so a shared
 * server is never blocked the way KEYS or one huge DEL would block it. Glob characters in the prefix are
 * escaped: they match themselves. Returns how many keys were deleted.
 */
export async function deleteKeysByPrefix(client: Pick<Redis, "scan" | "unlink">, prefix: string): Promise<number> {
  if (prefix === "") throw new RangeError("an empty prefix would delete every key");
  let cursor = "0";
  let deleted = 0;
  do {
    const [next, keys] = await client.scan(cursor, "MATCH", `${prefix.replace(/[*?[\]\\]/g, "\\$&")}*`, "COUNT", 500);
    if (keys.length > 0) deleted += await client.unlink(...keys);
    cursor = next;
  } while (cursor !== "0");
  return deleted;
}
