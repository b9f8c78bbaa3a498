import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MCP_TOOL_NAMES } from "@public-scan/core";
import { runKeysCommand } from "../src/run-keys-command.js";
import { parseServeConfig } from "../src/serve/parse-serve-config.js";
import { startReferenceServer, type ReferenceServer } from "../src/serve/start-reference-server.js";
import { fixtureServeEnv } from "./support/fixture-serve-env.js";

/**
 * The reference server's Light MCP endpoint driven by the MCP Inspector's CLI: a client we did not write
 * (the v2 Inspector speaks through @modelcontextprotocol/client, not the SDK our server and our other
 * tests use), listing the tools and scanning a site of the fixture web as an assistant would.
 */
const manifestPath = createRequire(import.meta.url).resolve("@modelcontextprotocol/inspector/package.json");
const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as { bin: { inspector: string } };
const INSPECTOR = join(dirname(manifestPath), manifest.bin.inspector);

describe("the MCP Inspector CLI against /mcp/light (and /mcp's tool list)", () => {
  const web = inject("fixtureWeb");
  const site = web.sites.find((candidate) => candidate.id === "daily-courier")!;
  let dataDir: string;
  let home: string;
  let server: ReferenceServer;

  /**
   * One Inspector run: its JSON answer on stdout. A failure (non-zero exit) rejects with its stderr, except a
   * tool error when `toolError` is set: the Inspector prints the result and exits 5 (its TOOL_ERROR).
   */
  const inspect = async (args: string[], options: { toolError?: boolean; hostedKey?: string } = {}): Promise<unknown> => {
    const endpoint =
      options.hostedKey === undefined
        ? [`${server.url}/mcp/light`]
        : [`${server.url}/mcp`, "--header", `Authorization: Bearer ${options.hostedKey}`];
    const { stdout } = await promisify(execFile)(process.execPath, [INSPECTOR, "--cli", ...endpoint, "--transport", "http", ...args], {
      cwd: home,
      // Only what it needs: the Inspector keeps its catalog and state under $HOME, so it gets an empty one,
      // and secrets in memory, so it never probes the OS keychain. No proxy settings reach it.
      env: { PATH: process.env.PATH ?? "", HOME: home, MCP_INSPECTOR_SECRET_STORE: "memory", NO_COLOR: "1" },
      timeout: 60_000,
    }).catch((error: { code?: unknown; stdout?: string }) => {
      if (options.toolError === true && error.code === 5 && error.stdout !== undefined) return { stdout: error.stdout };
      throw error;
    });
    return JSON.parse(stdout);
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "public-scan-inspector-"));
    home = await mkdtemp(join(tmpdir(), "public-scan-inspector-home-"));
    server = await startReferenceServer(
      parseServeConfig([], {
        ...fixtureServeEnv(dataDir),
        // The client is under test, not the scanner: one short pre-consent visit.
        PUBLIC_SCAN_PHASES: "pre_consent_only",
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([dataDir, home].map((directory) => rm(directory, { recursive: true, force: true })));
  });

  it("lists exactly the three Light tools, with no schema the Inspector calls an error", async () => {
    // --strict reports every tool-schema portability problem and exits non-zero if one is error-severity.
    const listed = (await inspect(["--method", "tools/list", "--strict"])) as { tools: Array<{ name: string }> };
    expect(listed.tools.map((tool) => tool.name).sort()).toEqual([
      "service_get_scan_bundle",
      "service_get_scan_status",
      "service_scan_site",
    ]);
  });

  it("lists every tool on /mcp for a key with every scope, monitors' included, with no schema the Inspector calls an error", async () => {
    let printed = "";
    await runKeysCommand(["issue", "--scopes", "scan:read,scan:create,mcp,monitor:write", "--data-dir", dataDir], {
      stdout: (text) => (printed += text),
      stderr: () => {},
    });
    const listed = (await inspect(["--method", "tools/list", "--strict"], { hostedKey: printed.trim() })) as {
      tools: Array<{ name: string }>;
    };
    expect(listed.tools.map((tool) => tool.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());
  });

  it("scans a fixture site with service_scan_site and gets the completed scan back", async () => {
    const called = (await inspect(["--method", "tools/call", "--tool-name", "service_scan_site", "--tool-arg", `url=${site.url}`])) as {
      isError?: boolean;
      structuredContent: { type: string; status: string; score: unknown; domain: string };
      content: Array<{ type: string; text: string }>;
    };
    expect(called.isError ?? false).toBe(false);
    expect(called.structuredContent).toMatchObject({ type: "service_scan", status: "completed", domain: site.host });
    expect(called.structuredContent.score).toEqual(expect.any(Number));
    // Hosts that show only text get the same resource: a summary line, then its JSON.
    expect(called.content[0]?.text).toContain(`: completed, score ${String(called.structuredContent.score)}`);
  }, 60_000);

  it("answers an unknown scan as a tool error the Inspector keeps, with the contract's envelope in its text", async () => {
    const called = (await inspect(
      ["--method", "tools/call", "--tool-name", "service_get_scan_status", "--tool-arg", "scanId=00000000-0000-4000-8000-000000000000"],
      { toolError: true },
    )) as { isError?: boolean; structuredContent?: unknown; content: Array<{ type: string; text: string }> };
    expect(called.isError).toBe(true);
    expect(called.structuredContent).toBeUndefined();
    const text = called.content[0]!.text;
    expect(text).toMatch(/^not_found: /);
    expect(JSON.parse(text.slice(text.indexOf("\n") + 1))).toMatchObject({
      type: "service_api_error",
      error: { code: "not_found", retryable: false },
    });
  });
});
