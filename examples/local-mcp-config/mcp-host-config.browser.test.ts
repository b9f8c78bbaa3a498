import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { parseServeConfig, runKeysCommand, startReferenceServer, type ReferenceServer } from "@public-scan/server";
import { afterAll, beforeAll, expect, inject, it } from "vitest";

/** The entry as a host reads it: `mcpServers.<name>` with the command, its arguments and its environment. */
interface HostConfig {
  mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }>;
}
const config = JSON.parse(readFileSync(new URL("mcp-host-config.json", import.meta.url), "utf8")) as HostConfig;
const entry = config.mcpServers["public-scan"]!;

/**
 * `npx -y @public-scan/mcp` would fetch the published package from the registry; the test runs offline, so
 * it runs what npx would: the package's `public-scan-mcp` bin, from this workspace's build, with `node`.
 */
const manifestPath = createRequire(import.meta.url).resolve("@public-scan/mcp/package.json");
const BIN = join(
  dirname(manifestPath),
  (JSON.parse(readFileSync(manifestPath, "utf8")) as { bin: Record<string, string> }).bin["public-scan-mcp"]!,
);
const NPX_PACKAGE = ["-y", "@public-scan/mcp"];

/**
 * The example checks itself: the host entry, with its placeholders replaced by the reference server's URL and
 * a real key, starts the local stdio server, whose tools an MCP client lists and calls, and whose doctor
 * passes with `--check-auth`.
 */
const web = inject("fixtureWeb");
const site = web.sites.find((candidate) => candidate.id === "daily-courier")!;
let dataDir: string;
let home: string;
let server: ReferenceServer;
let command: { command: string; args: string[]; env: Record<string, string> };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "example-local-mcp-config-"));
  home = await mkdtemp(join(tmpdir(), "example-local-mcp-config-home-"));
  await writeFile(join(dataDir, "fixture-ca.pem"), web.caCertPem);
  // A support key, so the assistant may also scan: `pnpm keys issue --scopes mcp,scan:read,scan:create`.
  let printed = "";
  await runKeysCommand(["issue", "--scopes", "mcp,scan:read,scan:create", "--data-dir", dataDir], {
    stdout: (text) => (printed += text),
    stderr: () => {},
  });
  server = await startReferenceServer(
    parseServeConfig([], {
      PUBLIC_SCAN_PORT: "0",
      PUBLIC_SCAN_DATA_DIR: dataDir,
      // The fixture web's names resolve to its loopback port; its CA is trusted like an operator's extra CA.
      PUBLIC_SCAN_RESOLVE: web.resolveRules.join(","),
      PUBLIC_SCAN_ALLOW_PRIVATE_TARGETS: web.allowPrivateTargets.join(","),
      PUBLIC_SCAN_EXTRA_CA_CERTS: join(dataDir, "fixture-ca.pem"),
      PUBLIC_SCAN_BROWSER_WS_ENDPOINT: inject("browserWSEndpoint"),
      PUBLIC_SCAN_REMOTE_BROWSER: "trusted",
      PUBLIC_SCAN_PHASES: "pre_consent_only",
      PUBLIC_SCAN_OBSERVE_MS: "300",
      PUBLIC_SCAN_SHUTDOWN_GRACE_MS: "2000",
    }),
  );
  // The entry as a person fills it in: this deployment's URL and their key in place of the placeholders.
  command = {
    command: process.execPath,
    args: [BIN, ...entry.args.slice(NPX_PACKAGE.length)],
    // Hosts start servers with a small environment of their own plus the entry's `env`.
    env: { PATH: process.env.PATH ?? "", HOME: home, ...entry.env, PUBLIC_SCAN_BASE_URL: server.url, PUBLIC_SCAN_API_KEY: printed.trim() },
  };
});
afterAll(async () => {
  await server?.close();
  await Promise.all([dataDir, home].map((directory) => rm(directory, { recursive: true, force: true })));
});

it("is an entry that runs `npx -y @public-scan/mcp` with the two settings the local server reads", () => {
  expect(entry.command).toBe("npx");
  expect(entry.args).toEqual(NPX_PACKAGE);
  expect(Object.keys(entry.env).sort()).toEqual(["PUBLIC_SCAN_API_KEY", "PUBLIC_SCAN_BASE_URL"]);
  expect(entry.env.PUBLIC_SCAN_API_KEY).toMatch(/^svc_/);
});

it("starts the local server from the entry; a client lists its tools, scans a site and reads the domain's latest scan", async () => {
  const client = new Client({ name: "example-host", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ ...command, stderr: "pipe" }));
  try {
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toEqual(expect.arrayContaining(["service_scan_site", "service_get_scan_status", "service_get_latest_domain_scan"]));

    const scanned = await client.callTool({ name: "service_scan_site", arguments: { url: site.url } });
    expect(scanned.isError ?? false).toBe(false);
    expect(scanned.structuredContent).toMatchObject({ type: "service_scan", status: "completed", domain: site.host });
    const { scanId } = scanned.structuredContent as { scanId: string };

    const latest = await client.callTool({ name: "service_get_latest_domain_scan", arguments: { domain: site.host } });
    expect(latest.isError ?? false).toBe(false);
    expect(latest.structuredContent).toMatchObject({ type: "service_scan", scanId, domain: site.host, score: expect.any(Number) });
  } finally {
    await client.close();
  }
});

it("passes `doctor --check-auth` run through the same command", async () => {
  const { stdout } = await promisify(execFile)(command.command, [...command.args, "doctor", "--check-auth"], {
    env: command.env,
    timeout: 30_000,
  });
  // execFile rejects on a non-zero exit code: reaching here means exit 0.
  expect(stdout).toMatch(/^ok {3}auth: the key works: scopes .*scan:create/m);
  expect(stdout.trim().split("\n").at(-1)).toBe("All checks passed.");
});
