import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

/**
 * The boundary rules of ARCHITECTURE.md hold in two ways: the lint rules refuse a forbidden import (checked here
 * by linting small snippets as if they were files of each package), and the packages' manifests declare
 * only allowed dependencies.
 */
const root = fileURLToPath(new URL("../../", import.meta.url));

// Snippets are not in any tsconfig, so they are linted without type information; the import rules need none.
const eslint = new ESLint({ cwd: root, overrideConfig: [{ files: ["**/*.ts"], ...tseslint.configs.disableTypeChecked }] });

async function restrictedImports(pkg: string, specifier: string): Promise<number> {
  const [result] = await eslint.lintText(`import "${specifier}";\n`, { filePath: `${root}packages/${pkg}/src/probe.ts` });
  return result!.messages.filter((message) => message.ruleId === "no-restricted-imports").length;
}

const REFUSED: [pkg: string, specifier: string][] = [
  ["core", "puppeteer-core"],
  ["core", "h3"],
  ["core", "@modelcontextprotocol/sdk/server/mcp.js"],
  ["core", "@aws-sdk/client-sqs"],
  ["core", "node:net"],
  ["core", "@public-scan/scanner"],
  ["client", "@public-scan/core"],
  ["client", "@public-scan/scanner"],
  ["scanner", "@public-scan/mcp"],
  ["http-h3", "@public-scan/aws-lambda"],
  ["http-h3", "@public-scan/scanner"],
  ["aws-lambda", "@public-scan/mcp"],
  ["aws-lambda", "@public-scan/http-h3"],
  ["aws-lambda", "@public-scan/scanner"],
  ["mcp", "@public-scan/core/src/contract/scan.js"],
  ["storage", "@public-scan/scanner"],
  ["storage", "@public-scan/http-h3"],
  ["storage", "@public-scan/mcp"],
  ["http-h3", "@public-scan/accounts"],
  ["mcp", "@public-scan/accounts"],
  ["accounts", "@public-scan/storage"],
  ["accounts", "@public-scan/mcp"],
];
const ALLOWED: [pkg: string, specifier: string][] = [
  ["core", "zod"],
  ["client", "@public-scan/core/contract"],
  ["scanner", "@public-scan/core"],
  ["http-h3", "@public-scan/core"],
  ["storage", "@public-scan/core"],
  ["accounts", "@public-scan/core"],
  ["accounts", "@public-scan/http-h3"],
];

describe("dependency direction", () => {
  it.each(REFUSED)("lint refuses %s importing %s", async (pkg, specifier) => {
    expect(await restrictedImports(pkg, specifier)).toBe(1);
  });

  it.each(ALLOWED)("lint allows %s importing %s", async (pkg, specifier) => {
    expect(await restrictedImports(pkg, specifier)).toBe(0);
  });

  const manifest = (pkg: string) =>
    JSON.parse(readFileSync(`${root}packages/${pkg}/package.json`, "utf8")) as { dependencies?: Record<string, string> };
  const internal = (pkg: string) => Object.keys(manifest(pkg).dependencies ?? {}).filter((name) => name.startsWith("@public-scan/"));

  it("manifests declare only allowed internal dependencies", () => {
    expect(internal("core")).toEqual([]);
    expect(internal("client")).toEqual(["@public-scan/core"]);
    for (const pkg of ["scanner", "http-h3", "storage"]) expect(internal(pkg)).toEqual(["@public-scan/core"]);
    // The local stdio server and doctor call a deployment through the typed client.
    expect(internal("mcp").sort()).toEqual(["@public-scan/client", "@public-scan/core"]);
    // The handlers serve what the host composes (the app, the scanner): they import core only.
    expect(internal("aws-lambda")).toEqual(["@public-scan/core"]);
    expect(internal("accounts").sort()).toEqual(["@public-scan/core", "@public-scan/http-h3"]);
    for (const pkg of ["core", "scanner", "http-h3", "mcp", "client", "aws-lambda", "storage", "accounts"]) {
      expect(internal(pkg)).not.toContain("@public-scan/mcp");
      expect(internal(pkg)).not.toContain("@public-scan/aws-lambda");
      expect(internal(pkg)).not.toContain("@public-scan/accounts");
    }
  });
});
