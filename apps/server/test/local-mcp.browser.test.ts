import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runKeysCommand } from "../src/run-keys-command.js";
import { parseServeConfig } from "../src/serve/parse-serve-config.js";
import { startReferenceServer, type ReferenceServer } from "../src/serve/start-reference-server.js";
import { fixtureServeEnv } from "./support/fixture-serve-env.js";

/** The built `public-scan-mcp` bin, as `npx @public-scan/mcp` runs it. */
const BIN = fileURLToPath(new URL("../../../packages/mcp/dist/stdio/bin.js", import.meta.url));
const manifestPath = createRequire(import.meta.url).resolve("@modelcontextprotocol/inspector/package.json");
const INSPECTOR = join(
  dirname(manifestPath),
  (JSON.parse(readFileSync(manifestPath, "utf8")) as { bin: { inspector: string } }).bin.inspector,
);

/**
 * The local stdio server against the reference server on the fixture web, driven by two MCP clients we did
 * not write for it (the SDK's StdioClientTransport, the MCP Inspector CLI), and its doctor.
 */
describe("public-scan-mcp (local stdio server) against the reference server", () => {
  const web = inject("fixtureWeb");
  const site = web.sites.find((candidate) => candidate.id === "daily-courier")!;
  let dataDir: string;
  let home: string;
  let server: ReferenceServer;
  let key: string;

  const env = (extra: Record<string, string> = {}) => ({
    PATH: process.env.PATH ?? "",
    HOME: home,
    PUBLIC_SCAN_BASE_URL: server.url,
    PUBLIC_SCAN_API_KEY: key,
    ...extra,
  });
  const doctor = async (args: string[], extra: Record<string, string> = {}) => {
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [BIN, "doctor", ...args], { env: env(extra), timeout: 30_000 });
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "public-scan-local-mcp-"));
    home = await mkdtemp(join(tmpdir(), "public-scan-local-mcp-home-"));
    let printed = "";
    await runKeysCommand(["issue", "--scopes", "mcp,scan:read,scan:create", "--data-dir", dataDir], {
      stdout: (text) => (printed += text),
      stderr: () => {},
    });
    key = printed.trim();
    server = await startReferenceServer(parseServeConfig([], { ...fixtureServeEnv(dataDir), PUBLIC_SCAN_PHASES: "pre_consent_only" }));
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([dataDir, home].map((directory) => rm(directory, { recursive: true, force: true })));
  });

  it("lists and calls the tools over stdio with the SDK's StdioClientTransport, and exits when stdin closes", async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN], env: env(), stderr: "pipe" });
    const client = new Client({ name: "host", version: "1" });
    // A line on stdout that is not an MCP message would surface here (the transport parses every line).
    const errors: Error[] = [];
    client.onerror = (error) => errors.push(error);
    let logged = "";
    transport.stderr?.on("data", (chunk: Buffer) => (logged += chunk.toString("utf8")));
    await client.connect(transport);
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toContain("service_scan_site");
    expect(tools).toContain("service_get_scan_bundle");
    const scanned = await client.callTool({ name: "service_scan_site", arguments: { url: site.url } });
    expect(scanned.structuredContent).toMatchObject({ type: "service_scan", status: "completed", domain: site.host });
    const bundle = await client.callTool({
      name: "service_get_scan_bundle",
      arguments: { scanId: (scanned.structuredContent as { scanId: string }).scanId },
    });
    expect(bundle.isError ?? false).toBe(false);
    expect(errors).toEqual([]);
    // Its log line went to stderr.
    expect(logged).toContain("serving MCP on stdio");
    const pid = transport.pid!;
    await client.close();
    // The host closed stdin: the process is gone shortly after.
    await expect
      .poll(
        () => {
          try {
            process.kill(pid, 0);
            return "running";
          } catch {
            return "exited";
          }
        },
        { timeout: 5000 },
      )
      .toBe("exited");
  });

  it("lists the tools through the MCP Inspector CLI over stdio", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        INSPECTOR,
        "--cli",
        process.execPath,
        BIN,
        "-e",
        `PUBLIC_SCAN_BASE_URL=${server.url}`,
        "-e",
        `PUBLIC_SCAN_API_KEY=${key}`,
        "--method",
        "tools/list",
      ],
      {
        cwd: home,
        env: { PATH: process.env.PATH ?? "", HOME: home, MCP_INSPECTOR_SECRET_STORE: "memory", NO_COLOR: "1" },
        timeout: 60_000,
      },
    );
    const listed = JSON.parse(stdout) as { tools: Array<{ name: string }> };
    expect(listed.tools.map((tool) => tool.name)).toContain("service_get_latest_domain_scan");
  });

  it("has a doctor that passes with the key and fails, with the reason, for a wrong key, no key and a server that is down", async () => {
    const good = await doctor(["--check-auth"]);
    expect(good.code).toBe(0);
    expect(good.stdout).toContain("local tools pulse:read, pulse:scan");
    const wrong = await doctor(["--check-auth"], { PUBLIC_SCAN_API_KEY: "svc_ro_notakeyatall0000000000000000000" });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/FAIL auth: the key was refused: 401 unauthorized/);
    const none = await doctor([], { PUBLIC_SCAN_API_KEY: "" });
    expect(none.code).toBe(1);
    expect(none.stdout).toContain("PUBLIC_SCAN_API_KEY is not set");
    const down = await doctor(["--json"], { PUBLIC_SCAN_BASE_URL: "http://127.0.0.1:9" });
    expect(down.code).toBe(1);
    expect(JSON.parse(down.stdout)).toMatchObject({
      ok: false,
      checks: expect.arrayContaining([expect.objectContaining({ name: "api", ok: false })]),
    });
  });
});
