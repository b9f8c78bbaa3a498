import { describe, expect, it } from "vitest";

/**
 * The export list of every package entry is snapshotted, so adding, renaming or removing a public name shows
 * in review. Update with `pnpm exec vitest run -u` when the change is intended.
 */
const ENTRIES: Record<string, () => Promise<Record<string, unknown>>> = {
  "@public-scan/core": () => import("@public-scan/core"),
  "@public-scan/core/contract": () => import("@public-scan/core/contract"),
  "@public-scan/core/openapi": () => import("@public-scan/core/openapi"),
  "@public-scan/core/testing": () => import("@public-scan/core/testing"),
  "@public-scan/scanner": () => import("@public-scan/scanner"),
  "@public-scan/storage": () => import("@public-scan/storage"),
  "@public-scan/storage/sqlite": () => import("@public-scan/storage/sqlite"),
  "@public-scan/storage/redis": () => import("@public-scan/storage/redis"),
  "@public-scan/storage/dynamodb": () => import("@public-scan/storage/dynamodb"),
  "@public-scan/storage/testing": () => import("@public-scan/storage/testing"),
  "@public-scan/http-h3": () => import("@public-scan/http-h3"),
  "@public-scan/mcp": () => import("@public-scan/mcp"),
  "@public-scan/mcp/stdio": () => import("@public-scan/mcp/stdio"),
  "@public-scan/accounts": () => import("@public-scan/accounts"),
  "@public-scan/client": () => import("@public-scan/client"),
  "@public-scan/aws-lambda": () => import("@public-scan/aws-lambda"),
};

describe("package entries", () => {
  it.each(Object.keys(ENTRIES))("%s exports exactly its listed names", async (entry) => {
    const names = Object.keys(await ENTRIES[entry]!()).sort();
    expect(names).toMatchSnapshot();
  });
});
