import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import {
  ErrorEnvelopeSchema,
  FindingListSchema,
  PreConsentTableSchema,
  PulseSchema,
  ScanBundleSchema,
  ScanJobSchema,
} from "@public-scan/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMcp, type McpVia } from "./support/create-test-mcp.js";

const TEMPLATES = {
  "public-scan://scans/{scanId}/bundle": ScanBundleSchema,
  "public-scan://scans/{scanId}/report": PulseSchema,
  "public-scan://scans/{scanId}/findings": FindingListSchema,
  "public-scan://scans/{scanId}/pre-consent-cookies-trackers": PreConsentTableSchema,
} as const;

/** The JSON-RPC error a read or a prompt was refused with (the SDK's Client rejects with an McpError). */
const refusalOf = async (request: Promise<unknown>): Promise<McpError> => {
  const outcome = await request.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(McpError);
  return outcome as McpError;
};

/**
 * A completed scan's results as MCP resources (templates by scanId) and the prompts for the common jobs,
 * as a host that browses resources and prompts finds them: over the server in memory, Streamable HTTP and
 * the local stdio server's bridge, each read through the same use-case and limits as its tool.
 */
describe.each<McpVia>(["memory", "http", "bridge"])("resources and prompts over %s", (via) => {
  let mcp: Awaited<ReturnType<typeof createTestMcp>>;
  let client: Client;
  let scanId: string;
  let heldId: string;
  beforeAll(async () => {
    mcp = await createTestMcp();
    client = await mcp.connect(via, { surface: "hosted", token: await mcp.issueKey("support", ["scan:read", "scan:create", "mcp"]) });
    const done = await client.callTool({
      name: "service_scan_site",
      arguments: { url: `https://www.${via}-resources.example/`, waitSeconds: 10 },
    });
    scanId = (done.structuredContent as { scanId: string }).scanId;
    const held = await client.callTool({
      name: "service_scan_site",
      arguments: { url: `https://held.${via}-resources.example/`, waitSeconds: 0 },
    });
    heldId = (held.structuredContent as { scanId: string }).scanId;
  });
  afterAll(() => mcp.close());

  it("lists a template per result, each JSON, and no fixed resources (a scan is named by its id)", async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate).sort()).toEqual(Object.keys(TEMPLATES).sort());
    for (const template of resourceTemplates) {
      expect(template.mimeType).toBe("application/json");
      expect(template.description?.length).toBeGreaterThan(30);
    }
    expect((await client.listResources()).resources).toEqual([]);
  });

  it.each(Object.entries(TEMPLATES))("reads %s of a completed scan as the contract's resource", async (template, schema) => {
    const uri = template.replace("{scanId}", scanId);
    const { contents } = await client.readResource({ uri });
    expect(contents).toHaveLength(1);
    expect(contents[0]).toMatchObject({ uri, mimeType: "application/json" });
    const text = (contents[0] as { text: string }).text;
    schema.parse(JSON.parse(text));
    expect(text).toContain(`"${scanId}"`);
  });

  it("refuses an unknown scan with the specification's resource-not-found code and the contract's envelope", async () => {
    const refusal = await refusalOf(client.readResource({ uri: "public-scan://scans/00000000-0000-4000-8000-000000000000/report" }));
    expect(refusal.code).toBe(-32002);
    expect(refusal.message).toMatch(/^MCP error -32002: not_found: /);
    expect(ErrorEnvelopeSchema.parse(refusal.data).error).toMatchObject({ code: "not_found", retryable: false });
  });

  it("refuses a malformed scanId as invalid params, and a scan still running with its job", async () => {
    const malformed = await refusalOf(client.readResource({ uri: "public-scan://scans/..%2F..%2Fetc/report" }));
    expect(malformed.code).toBe(-32602);
    expect(ErrorEnvelopeSchema.parse(malformed.data).error.code).toBe("invalid_request");
    const running = await refusalOf(client.readResource({ uri: `public-scan://scans/${heldId}/findings` }));
    expect(running.code).toBe(-32000);
    expect(running.message).toMatch(/scan_not_ready: .*again in \d+ s\./);
    expect(ScanJobSchema.parse(running.data)).toMatchObject({ scanId: heldId });
  });

  it("charges a read like its tool: a spent limit is refused with the machine-readable limit", async () => {
    mcp.exhaustLimits(true);
    try {
      const refusal = await refusalOf(client.readResource({ uri: `public-scan://scans/${scanId}/report` }));
      expect(refusal.code).toBe(-32000);
      expect(ErrorEnvelopeSchema.parse(refusal.data).error).toMatchObject({ code: "rate_limited", retryable: true, retryAfterSeconds: 42 });
    } finally {
      mcp.exhaustLimits(false);
    }
  });

  it("offers the two prompts, whose messages name the tools to call with the arguments given", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name).sort()).toEqual(["compare_scans", "review_site_consent"]);
    const review = await client.getPrompt({ name: "review_site_consent", arguments: { url: "https://www.example.com/" } });
    const text = (review.messages[0]!.content as { text: string }).text;
    expect(text).toContain('service_scan_site with url "https://www.example.com/"');
    expect(text).toContain("service_get_scan_bundle");
    expect(text).toMatch(/not legal advice/);
    const compare = await client.getPrompt({ name: "compare_scans", arguments: { before: scanId, after: heldId } });
    expect((compare.messages[0]!.content as { text: string }).text).toContain(
      `Compare scan ${scanId} (before) with scan ${heldId} (after)`,
    );
    const refusal = await refusalOf(client.getPrompt({ name: "compare_scans", arguments: { before: "x", after: scanId } }));
    expect(refusal.code).toBe(-32602);
  });
});

describe("resources and prompts on /mcp/light", () => {
  let mcp: Awaited<ReturnType<typeof createTestMcp>>;
  beforeAll(async () => {
    mcp = await createTestMcp();
  });
  afterAll(() => mcp.close());

  it("offers only what its three tools open: the bundle template, and both prompts", async () => {
    const light = await mcp.connect("http", { surface: "light" });
    expect((await light.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate)).toEqual([
      "public-scan://scans/{scanId}/bundle",
    ]);
    expect((await light.listPrompts()).prompts).toHaveLength(2);
    // No report template on Light: the URI names no resource it offers, whatever the scan.
    const refusal = await refusalOf(light.readResource({ uri: "public-scan://scans/00000000-0000-4000-8000-000000000000/report" }));
    expect(refusal.code).toBe(-32002);
    expect(refusal.message).toMatch(/Resource public-scan:\/\/scans\/\S+\/report not found/);
  });
});
