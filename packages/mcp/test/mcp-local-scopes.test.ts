import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMcp } from "./support/create-test-mcp.js";
import { SCAN_TOOL_NAMES } from "./support/scan-tool-names.js";

/**
 * The local stdio server's scope names do what the contract says: a key with `pulse:read` reads through MCP
 * (as `mcp` with `scan:read`), one with `pulse:scan` scans through it (as `mcp` with `scan:create`).
 */
describe("pulse:read and pulse:scan keys on /mcp", () => {
  let mcp: Awaited<ReturnType<typeof createTestMcp>>;
  beforeAll(async () => {
    mcp = await createTestMcp();
  });
  afterAll(() => mcp.close());

  it("pulse:read opens every read tool and not the scan tool", async () => {
    const reader = await mcp.connect("http", { surface: "hosted", token: await mcp.issueKey("support", ["pulse:read"]) });
    const names = (await reader.listTools()).tools.map((tool) => tool.name);
    expect(names.sort()).toEqual(SCAN_TOOL_NAMES.filter((name) => name !== "service_scan_site").sort());
  });

  it("pulse:scan with pulse:read opens every tool, and scans", async () => {
    const scanner = await mcp.connect("http", { surface: "hosted", token: await mcp.issueKey("support", ["pulse:read", "pulse:scan"]) });
    expect((await scanner.listTools()).tools).toHaveLength(SCAN_TOOL_NAMES.length);
    const scanned = (await scanner.callTool({
      name: "service_scan_site",
      arguments: { url: "https://www.pulse-scan.example/" },
    })) as CallToolResult;
    expect(scanned.structuredContent).toMatchObject({ status: "completed" });
  });
});
