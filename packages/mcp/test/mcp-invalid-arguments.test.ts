import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMcp } from "./support/create-test-mcp.js";
import { SCAN_TOOL_NAMES } from "./support/scan-tool-names.js";
import { toolErrorOf } from "./support/tool-error-of.js";

/**
 * Tool arguments that do not fit a tool's input schema are refused as REST refuses a malformed request:
 * a tool error carrying the contract's envelope (`invalid_request`, not retryable, the field named), on
 * the hosted and the Light surface, over HTTP as a host calls them.
 */
const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

function refusal(result: CallToolResult) {
  const error = toolErrorOf(result);
  expect(error).toMatchObject({ code: "invalid_request", retryable: false, retryAfterSeconds: null });
  return error;
}

describe("tool arguments refused with the contract's envelope", () => {
  let mcp: Awaited<ReturnType<typeof createTestMcp>>;
  let hosted: Client;
  let light: Client;
  let scanId: string;
  beforeAll(async () => {
    mcp = await createTestMcp();
    hosted = await mcp.connect("http", { surface: "hosted", token: await mcp.issueKey("support", ["scan:read", "scan:create", "mcp"]) });
    light = await mcp.connect("http", { surface: "light" });
    scanId = (await call(hosted, "service_scan_site", { url: "https://www.arguments.example/" })).structuredContent!.scanId as string;
  });
  afterAll(() => mcp.close());

  it.each([...SCAN_TOOL_NAMES])(
    "%s refuses arguments that do not fit its schema (one it does not know, the one it needs missing)",
    async (name) => {
      const error = refusal(await call(hosted, name, { unexpected: true }));
      expect(error.message).toMatch(/unexpected|url|scanId|domain/);
    },
  );

  it.each([
    ["service_get_scan_status", {}, /^scanId: /],
    ["service_get_scan_status", { scanId: "not-a-scan-id" }, /^scanId: /],
    ["service_scan_site", { url: 42 }, /^url: /],
    ["service_scan_site", { url: "https://www.arguments.example/", waitSeconds: -1 }, /^waitSeconds: /],
    ["service_get_scan_bundle", { scanId: "SCAN", detail: "summary" }, /^scanId: /],
    ["service_explain_finding", { scanId: "not-a-scan-id", finding: "x" }, /^scanId: /],
  ] as const)("%s names the field it refuses: %j", async (name, args, field) => {
    expect(refusal(await call(hosted, name, args)).message).toMatch(field);
  });

  it("refuses on the Light surface the same way, and a valid call still goes through", async () => {
    expect(refusal(await call(light, "service_get_scan_bundle", { scanId, detail: "everything" })).message).toMatch(/^detail: /);
    const bundle = await call(light, "service_get_scan_bundle", { scanId });
    expect(bundle.isError).toBeFalsy();
    expect(bundle.structuredContent).toMatchObject({ type: "service_scan_bundle" });
  });

  it("never echoes what was sent: a refused URL's query and value stay out of the answer", async () => {
    const result = await call(hosted, "service_scan_site", { url: "javascript:alert(1)//?token=SECRET-VALUE", scanFrom: "SECRET-REGION" });
    refusal(result);
    expect(JSON.stringify(result)).not.toMatch(/SECRET|token=|alert/);
  });
});
