import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createPuppeteerScanner } from "@public-scan/scanner";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { startHost } from "./start-host.js";
import { fixtureWebReach } from "@public-scan/fixture-web";

/**
 * The example checks itself: its host scans a site of the fixture web through REST with a real browser,
 * and MCP clients (Light anonymously, /mcp with a key) read that same scan.
 */
const web = inject("fixtureWeb");
const site = web.sites.find((candidate) => candidate.id === "quiet-bakery")!;
let host: Awaited<ReturnType<typeof startHost>>;
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), "example-embed-"));
  // A staging-like setup: the fixture web's names resolve to its loopback port, trusted by its own CA.
  const scanner = createPuppeteerScanner({
    ...fixtureWebReach(web),
    browserWSEndpoint: inject("browserWSEndpoint"),
    remoteBrowserTrusted: true,
    observeMs: 500,
  });
  host = await startHost({
    scanner,
    targets: scanner.targets,
    databasePath: join(directory, "public-scan.sqlite"),
  });
});
afterAll(async () => {
  await host.close();
  await rm(directory, { recursive: true, force: true });
});

const mcpClient = async (path: string, headers: Record<string, string> = {}) => {
  const client = new Client({ name: "example-check", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(path, host.url), { requestInit: { headers } }));
  return client;
};
const structured = async (client: Client, name: string, args: Record<string, unknown>) =>
  ((await client.callTool({ name, arguments: args })) as CallToolResult).structuredContent as Record<string, unknown>;

it("scans through REST, and MCP reads the same scan on /mcp/light and /mcp", async () => {
  const created = (await (
    await fetch(`${host.url}/api/v2/scans`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: site.url }),
    })
  ).json()) as { scanId: string };
  let status: Record<string, unknown> = {};
  for (let attempt = 0; attempt < 120 && status.type !== "service_scan"; attempt += 1) {
    status = (await (await fetch(`${host.url}/api/v2/scans/${created.scanId}/status`)).json()) as Record<string, unknown>;
    if (status.type !== "service_scan") await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(status).toMatchObject({ scanId: created.scanId, status: "completed", score: expect.any(Number) });

  const light = await mcpClient("/mcp/light");
  expect(await structured(light, "service_get_scan_status", { scanId: created.scanId })).toMatchObject({ score: status.score });
  const hosted = await mcpClient("/mcp", { authorization: `Bearer ${await host.issueKey(["scan:read", "mcp"])}` });
  const table = await structured(hosted, "service_get_pre_consent_cookies_trackers", { scanId: created.scanId });
  expect(table).toMatchObject({ scanId: created.scanId });
  await Promise.all([light.close(), hosted.close()]);
});
