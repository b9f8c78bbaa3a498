import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createClient } from "@public-scan/client";
import { changingSiteUrl, switchChangingSite } from "@public-scan/fixture-web";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { runKeysCommand } from "../src/run-keys-command.js";
import { parseServeConfig } from "../src/serve/parse-serve-config.js";
import { startReferenceServer, type ReferenceServer } from "../src/serve/start-reference-server.js";
import { fixtureServeEnv } from "./support/fixture-serve-env.js";

/**
 * What changed between two scans of one URL, read from a real server: the fixture web's changing site is
 * scanned, switched to its next version (Meta's pixel before consent), and scanned again. The client (REST),
 * the MCP tool and the report page must all name the new tracker, from the same comparison.
 */
describe("the changes between two scans of a site, on every surface", () => {
  const web = inject("fixtureWeb");
  const lane = "serve-changes";
  const url = changingSiteUrl(lane);
  let dataDir: string;
  let server: ReferenceServer;
  let key: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "public-scan-changes-"));
    let printed = "";
    await runKeysCommand(["issue", "--scopes", "scan:read,scan:create,mcp", "--data-dir", dataDir], {
      stdout: (text) => (printed += text),
      stderr: () => {},
    });
    key = printed.trim();
    server = await startReferenceServer(
      parseServeConfig(["--concurrency", "2"], { ...fixtureServeEnv(dataDir), PUBLIC_SCAN_PHASES: "pre_consent_only" }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("names the tracker the next version adds before consent over REST, MCP and the report page", { timeout: 120_000 }, async () => {
    const client = createClient({ baseUrl: server.url, apiKey: key });
    const first = await client.scanAndWait({ url }, { timeoutMs: 60_000 });
    await switchChangingSite(web, lane, "next");
    const second = await client.scanAndWait({ url, freshness: "fresh" }, { timeoutMs: 60_000 });
    expect(second.scanId).not.toBe(first.scanId);

    // REST, through the client.
    const rest = await client.getScanChanges(second.scanId);
    // A completed scan's changes are a result, never its job.
    if (rest.type !== "service_scan_changes") throw new Error(`expected the changes, got ${rest.type}`);
    const changes = rest.changes!;
    expect(rest.since?.scanId).toBe(first.scanId);
    const started = changes.phases.find((phase) => phase.phase === "pre_consent")!.started;
    expect(started.map((row) => [row.kind, row.vendor, row.host])).toContainEqual(["tracker", "Meta", "connect.facebook.net"]);
    expect(changes.headlines[0]).toMatch(/^A new advertising tracker, Meta, fires before consent \(connect\.facebook\.net/);

    // MCP: the same resource.
    const mcp = new Client({ name: "changes-test", version: "1" });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
    );
    try {
      const result = (await mcp.callTool({ name: "service_get_scan_changes", arguments: { scanId: second.scanId } })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { changes: unknown }).changes).toEqual(changes);
    } finally {
      await mcp.close();
    }

    // The report page, as a reader opens it.
    const page = await (await fetch(`${server.url}/reports/${second.scanId}`)).text();
    expect(page).toContain('<h2 id="changes-heading">Since the last scan</h2>');
    expect(page).toContain("A new advertising tracker, Meta, fires before consent (connect.facebook.net");
  });
});
