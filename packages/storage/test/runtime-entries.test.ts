import { readdirSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The runtime entries must load in production without test tooling: only `@public-scan/storage/testing`
 * may import vitest or fast-check. Checked on the sources' import graph (the built files mirror it).
 */
const src = fileURLToPath(new URL("../src/", import.meta.url));
const SPECIFIER = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** Every bare specifier reachable from `entry` through relative imports. */
function externalImports(entry: string): Set<string> {
  const seen = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(SPECIFIER)) {
      const specifier = (match[1] ?? match[2])!;
      if (specifier.startsWith(".")) visit(resolve(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else external.add(specifier);
    }
  };
  visit(resolve(src, entry));
  return external;
}

const TEST_TOOLING = ["vitest", "fast-check"];

describe("storage entries", () => {
  it.each(["index.ts", "sqlite/index.ts", "redis/index.ts", "dynamodb/index.ts"])("%s imports no test tooling", (entry) => {
    const imports = [...externalImports(entry)];
    expect(imports).toContain("@public-scan/core");
    expect(imports.filter((specifier) => TEST_TOOLING.includes(specifier))).toEqual([]);
  });

  it("testing entry does import it (so the check above can fail)", () => {
    expect([...externalImports("testing/index.ts")]).toEqual(expect.arrayContaining(TEST_TOOLING));
  });

  it("the SQLite entry does not load ioredis, and the Redis store loads it only lazily", () => {
    expect([...externalImports("sqlite/index.ts")]).not.toContain("ioredis");
    // Every Redis store gets its client from the one connection helper, which imports ioredis lazily.
    const connection = readFileSync(resolve(src, "redis/create-redis-connection.ts"), "utf8");
    expect(connection).toMatch(/import type \{[^}]*\} from "ioredis"/);
    expect(connection).toContain('import("ioredis")');
    for (const file of [
      "redis/create-redis-counter-store.ts",
      "redis/create-redis-scan-store.ts",
      "redis/create-redis-key-store.ts",
      "redis/create-redis-account-store.ts",
      "redis/create-redis-audit-log.ts",
      "redis/create-redis-keyv-store.ts",
    ]) {
      const redisStore = readFileSync(resolve(src, file), "utf8");
      expect(redisStore).not.toMatch(/^import \{[^}]*\} from "ioredis"/m);
      expect(redisStore).toContain("createRedisConnection(");
    }
  });

  it("only the DynamoDB entry reaches the AWS SDK, and it loads the SDK lazily", () => {
    for (const entry of ["index.ts", "sqlite/index.ts", "redis/index.ts"]) {
      expect([...externalImports(entry)].filter((specifier) => specifier.startsWith("@aws-sdk/"))).toEqual([]);
    }
    // Importing the entry must not load the SDK (a Lambda's cold start pays for it only when a store is used):
    // every value import of it is an import() expression, and the connection helper is where the stores get it.
    const files = readdirSync(resolve(src, "dynamodb")).filter((file) => file.endsWith(".ts"));
    for (const file of files) {
      const text = readFileSync(resolve(src, "dynamodb", file), "utf8");
      expect(text, file).not.toMatch(/^import (?!type )[^;]*from "@aws-sdk\//m);
    }
    const connection = readFileSync(resolve(src, "dynamodb/create-dynamo-connection.ts"), "utf8");
    expect(connection).toContain('import("@aws-sdk/lib-dynamodb")');
    expect(connection).toContain('import("@aws-sdk/client-dynamodb")');
  });

  it("the BullMQ queue loads bullmq only lazily, so Redis-store-only hosts never load it", () => {
    const queue = readFileSync(resolve(src, "redis/create-bullmq-job-queue.ts"), "utf8");
    expect(queue).toContain('import("bullmq")');
    expect(queue).not.toMatch(/^import \{[^}]*\} from "(bullmq|ioredis)"/m);
  });
});
