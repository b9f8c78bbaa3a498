import type { REDIS_SCAN_SCRIPTS } from "./redis-scan-scripts.js";
import { toRedisGlobLiteral } from "./to-redis-glob-literal.js";

/**
 * The version of the scan store's key layout (`REDIS_SCAN_SCRIPTS`) this code writes. 0: the layout before
 * versions were recorded; 1: `P ended`, the ended scans by end, for retention.
 */
export const REDIS_SCAN_SCHEMA_VERSION = 1;

type RunScript = (name: keyof typeof REDIS_SCAN_SCRIPTS, keys: readonly string[], args: ReadonlyArray<string | number>) => Promise<unknown>;

/**
 * Checks and upgrades the layout under one store prefix (`P schema-version`), before a store's first
 * command. A layout newer than this code is refused, unchanged. An older one is upgraded step by step, each
 * step idempotent (two processes that start at once do the same work, and agree), then the version is
 * raised, never lowered. Upgrade every process of a deployment together: a process still running the older
 * code writes the older layout (its ended scans are not indexed for retention until the next upgrade step).
 */
export async function ensureRedisScanSchema(call: RunScript, prefix: string): Promise<void> {
  const versionKey = `${prefix}schema-version`;
  const stored = Number(await call("schemaVersion", [versionKey], [REDIS_SCAN_SCHEMA_VERSION, "get"]));
  if (stored > REDIS_SCAN_SCHEMA_VERSION)
    throw new Error(
      `the Redis scan records under ${prefix} are at layout version ${stored}, newer than this version of public-scan knows ` +
        `(${REDIS_SCAN_SCHEMA_VERSION}): run the newer version (docs/operations.md)`,
    );
  if (stored === REDIS_SCAN_SCHEMA_VERSION) return;
  // Version 0 -> 1: index the ended scans written before `P ended` existed.
  let cursor = "0";
  do {
    const [next, ...pairs] = (await call("scanEnded", [`${prefix}ended`], [cursor, `${toRedisGlobLiteral(`${prefix}r:`)}*`])) as string[];
    const args: string[] = [];
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      const ms = Date.parse(pairs[i + 1]!);
      if (!Number.isNaN(ms)) args.push(String(ms), pairs[i]!);
    }
    if (args.length > 0) await call("indexEnded", [`${prefix}ended`], [prefix, ...args]);
    cursor = next ?? "0";
  } while (cursor !== "0");
  await call("schemaVersion", [versionKey], [REDIS_SCAN_SCHEMA_VERSION, "set"]);
}
