import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ScanJobSchema } from "@public-scan/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMcp } from "./support/create-test-mcp.js";

/** The tools that answer a finished result, and their arguments besides the scanId. */
const RESULT_TOOLS: Array<[string, Record<string, unknown>]> = [
  ["service_get_scan_bundle", {}],
  ["service_get_report", {}],
  ["service_get_evidence", {}],
  ["service_export_findings", {}],
  ["service_list_findings", {}],
  ["service_get_pre_consent_cookies_trackers", {}],
  ["service_explain_finding", { finding: "pre_consent_tracker" }],
];

/**
 * A result tool asked about a scan that is still running answers what REST answers then (the ScanJob with
 * its status and when to ask again), in a form a validating host keeps: the SDK's Client, after listTools,
 * receives it as a tool error naming the tool to poll, never a protocol error or a raw validation message.
 */
describe("result tools on a running scan", () => {
  let mcp: Awaited<ReturnType<typeof createTestMcp>>;
  let client: Client;
  let scanId: string;
  beforeAll(async () => {
    mcp = await createTestMcp();
    client = await mcp.connect("http", { surface: "hosted", token: await mcp.issueKey("support", ["scan:read", "scan:create", "mcp"]) });
    const started = (await client.callTool({
      name: "service_scan_site",
      arguments: { url: "https://held.running.example/", waitSeconds: 0 },
    })) as CallToolResult;
    scanId = (started.structuredContent as { scanId: string }).scanId;
  });
  afterAll(() => mcp.close());

  it.each(RESULT_TOOLS)("%s answers the scan's job and when to poll", async (name, extra) => {
    const result = (await client.callTool({ name, arguments: { scanId, ...extra } })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const text = (result.content[0] as { text: string }).text;
    expect(text).toMatch(new RegExp(`^scan_not_ready: .*call service_get_scan_status in \\d+ s, then ${name} again\\.`));
    const job = ScanJobSchema.parse(JSON.parse(text.slice(text.indexOf("\n") + 1)));
    expect(job).toMatchObject({ scanId, type: "service_scan_job" });
    expect(["queued", "running"]).toContain(job.status);
  });

  it("the status tool answers the same job as structured content", async () => {
    const status = (await client.callTool({ name: "service_get_scan_status", arguments: { scanId } })) as CallToolResult;
    expect(status.isError).toBeFalsy();
    expect(status.structuredContent).toMatchObject({ scanId, type: "service_scan_job" });
  });
});
