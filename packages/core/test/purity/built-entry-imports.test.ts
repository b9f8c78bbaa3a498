import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

/**
 * ARCHITECTURE.md: core stays free of browsers, HTTP frameworks, MCP, AWS and raw sockets. The lint rule stops a
 * direct import; this test catches an indirect one, by loading each *built* entry in a fresh Node process
 * and recording every module it resolves, through dependencies too.
 */
const dist = fileURLToPath(new URL("../../dist/", import.meta.url));

const RECORDER = `
import { registerHooks } from "node:module";
const seen = new Set();
registerHooks({ resolve(specifier, context, next) { const result = next(specifier, context); seen.add(result.url); return result; } });
await import(process.argv[1]);
process.stdout.write(JSON.stringify([...seen]));
`;

async function modulesLoadedBy(entry: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", RECORDER, entry]);
  return JSON.parse(stdout) as string[];
}

const FORBIDDEN = [
  /\/node_modules\/(puppeteer|puppeteer-core|@puppeteer|chromium-bidi)\//,
  /\/node_modules\/(h3|srvx|crossws)\//,
  /\/node_modules\/@modelcontextprotocol\//,
  /\/node_modules\/(@aws-sdk|@smithy|aws-lambda|@sparticuz)\//,
  /\/node_modules\/@public-scan\//,
  /^node:(net|tls|http|https|http2|dgram|dns|child_process)$/,
];

describe("built @public-scan/core", () => {
  it("has been built (the test command builds before it tests)", () => {
    expect(existsSync(`${dist}index.js`), "run `pnpm build` first").toBe(true);
  });

  it.each(["index.js", "contract/index.js", "openapi/index.js", "testing.js"])(
    "entry %s imports no browser, HTTP, MCP, AWS or socket module",
    async (entry) => {
      const loaded = await modulesLoadedBy(`${dist}${entry}`);
      expect(loaded.length).toBeGreaterThan(3);
      const offending = loaded.filter((url) => FORBIDDEN.some((pattern) => pattern.test(url)));
      expect(offending).toEqual([]);
    },
  );

  it("contract entry loads nothing but core itself and zod, so the client stays light", async () => {
    const loaded = await modulesLoadedBy(`${dist}contract/index.js`);
    const foreign = loaded.filter(
      (url) => !url.startsWith(`file://${dist}`) && !/\/node_modules\/(\.pnpm\/zod@[^/]+\/node_modules\/)?zod\//.test(url),
    );
    expect(foreign).toEqual([]);
  });

  it("recorder notices a forbidden import (the check can fail)", async () => {
    const loaded = await modulesLoadedBy("data:text/javascript,import 'node:net';");
    expect(loaded.some((url) => FORBIDDEN.some((pattern) => pattern.test(url)))).toBe(true);
  });
});
