import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { MCP_LIGHT_TOOL_NAMES, ScanJobSchema, type McpToolName } from "@public-scan/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMcp, type McpVia } from "./support/create-test-mcp.js";
import { SCAN_TOOL_NAMES } from "./support/scan-tool-names.js";
import { toolErrorOf } from "./support/tool-error-of.js";

/** What one tool is asked about: a scan, a domain, a finding of the scan, or a URL to scan. */
interface Subject {
  scanId: string;
  domain: string;
  finding: string;
  url: string;
}

const argsOf = (name: McpToolName, subject: Subject): Record<string, unknown> => {
  if (name === "service_scan_site") return { url: subject.url, waitSeconds: 0 };
  if (name === "service_explain_finding") return { scanId: subject.scanId, finding: subject.finding };
  if (name === "service_get_latest_domain_scan" || name === "service_get_latest_domain_pre_consent_cookies_trackers")
    return { domain: subject.domain };
  return { scanId: subject.scanId };
};

/** The tools whose answer is a scan or its job, so a running scan is a successful answer for them. */
const ANSWERS_JOB = new Set<McpToolName>(["service_scan_site", "service_get_scan_status", "service_get_scan"]);
/** The tools that answer a domain's latest eligible (completed, with evidence) scan: a running one is not yet one. */
const BY_DOMAIN = new Set<McpToolName>(["service_get_latest_domain_scan", "service_get_latest_domain_pre_consent_cookies_trackers"]);

const validator = new AjvJsonSchemaValidator();
const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;

/**
 * Every tool's every kind of answer, as a validating host receives it: the SDK's Client lists the tools
 * first (so it checks each structured answer against the declared output schema), and each answer is also
 * checked here against the schema the listing declared, with the same validator a host uses. Success,
 * a missing resource, a scan still running and a spent limit; over the server in memory, Streamable HTTP
 * and the local stdio server's bridge (the Inspector CLI and the real stdio process: apps/server's tests).
 */
describe.each<McpVia>(["memory", "http", "bridge"])("every tool's answers over %s", (via) => {
  let mcp: Awaited<ReturnType<typeof createTestMcp>>;
  let client: Client;
  let tools: Map<string, Tool>;
  let done: Subject;
  let running: Subject;
  const missing: Subject = {
    scanId: "00000000-0000-4000-8000-000000000000",
    domain: "never-scanned.example",
    finding: "pre_consent_tracker",
    // An address the egress guard refuses: the scan tool's own kind of bad request.
    url: "http://169.254.169.254/latest/meta-data/",
  };
  const call = async (name: McpToolName, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

  beforeAll(async () => {
    mcp = await createTestMcp();
    client = await mcp.connect(via, { surface: "hosted", token: await mcp.issueKey("support", ["scan:read", "scan:create", "mcp"]) });
    tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
    const url = `https://www.${via}-answers.example/`;
    const scan = (await call("service_scan_site", { url, waitSeconds: 10 })).structuredContent as { scanId: string; status: string };
    expect(scan.status).toBe("completed");
    const { findings } = (await call("service_list_findings", { scanId: scan.scanId })).structuredContent as {
      findings: Array<{ id: string }>;
    };
    done = { scanId: scan.scanId, domain: `www.${via}-answers.example`, finding: findings[0]!.id, url };
    const heldUrl = `https://held.${via}-answers.example/`;
    const held = (await call("service_scan_site", { url: heldUrl, waitSeconds: 0 })).structuredContent as { scanId: string };
    running = { scanId: held.scanId, domain: `held.${via}-answers.example`, finding: done.finding, url: heldUrl };
  });
  afterAll(() => mcp.close());

  const expectValid = (name: McpToolName, result: CallToolResult) => {
    expect(result.isError, `${name}: ${textOf(result).slice(0, 300)}`).toBeFalsy();
    const check = validator.getValidator(tools.get(name)!.outputSchema as never)(result.structuredContent);
    expect(check.errorMessage, name).toBeUndefined();
    expect(check.valid).toBe(true);
    // The text carries the same resource, after a one-line summary, for hosts that show only text.
    expect(JSON.parse(textOf(result).slice(textOf(result).indexOf("\n") + 1))).toEqual(result.structuredContent);
  };

  it("offers every tool, each with an output schema of type object", () => {
    expect([...tools.keys()].sort()).toEqual([...SCAN_TOOL_NAMES].sort());
    for (const tool of tools.values()) expect(tool.outputSchema?.type).toBe("object");
  });

  it.each([...SCAN_TOOL_NAMES])("%s: a completed scan's answer validates against the declared output schema", async (name) => {
    expectValid(name, await call(name, argsOf(name, done)));
  });

  it.each([...SCAN_TOOL_NAMES])(
    "%s: a missing scan or domain, or a refused URL, is a tool error in the contract's envelope",
    async (name) => {
      const error = toolErrorOf(await call(name, argsOf(name, missing)));
      expect(error.code).toBe(name === "service_scan_site" ? "invalid_request" : "not_found");
      expect(error.retryable).toBe(false);
      expect(error.message.length).toBeGreaterThan(10);
    },
  );

  it.each([...SCAN_TOOL_NAMES])("%s: a running scan is its job (validated) or a scan_not_ready error carrying the job", async (name) => {
    const result = await call(name, argsOf(name, running));
    if (BY_DOMAIN.has(name)) {
      expect(toolErrorOf(result)).toMatchObject({ code: "not_found", message: expect.stringMatching(/completed scan/) });
      return;
    }
    if (ANSWERS_JOB.has(name)) {
      expectValid(name, result);
      expect(result.structuredContent).toMatchObject({ type: "service_scan_job", scanId: running.scanId });
      return;
    }
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatch(/^scan_not_ready: /);
    const job = ScanJobSchema.parse(JSON.parse(textOf(result).slice(textOf(result).indexOf("\n") + 1)));
    expect(job.scanId).toBe(running.scanId);
  });

  it("service_get_scan_changes: a since that is not an earlier scan of the same target is a tool error, not a diff", async () => {
    const other = toolErrorOf(await call("service_get_scan_changes", { scanId: done.scanId, since: running.scanId }));
    expect(other).toMatchObject({ code: "invalid_request", retryable: false, message: expect.stringMatching(/another URL/) });
    const itself = toolErrorOf(await call("service_get_scan_changes", { scanId: done.scanId, since: done.scanId }));
    expect(itself).toMatchObject({ code: "invalid_request", message: expect.stringMatching(/itself/) });
    // A target scanned once has nothing to compare with: a valid answer that says so.
    const first = await call("service_get_scan_changes", { scanId: done.scanId });
    expectValid("service_get_scan_changes", first);
    expect(first.structuredContent).toMatchObject({ since: null });
  });

  // A support key's scan creation is under no limit (the contract caps self-serve keys, which cannot scan);
  // the scan tool's spent limit is Light's, asserted below and in the surfaces suite.
  const LIMITED = SCAN_TOOL_NAMES.filter((name) => name !== "service_scan_site");
  it.each(LIMITED)("%s: a spent limit is a retryable tool error with the machine-readable limit", async (name) => {
    mcp.exhaustLimits(true);
    try {
      const error = toolErrorOf(await call(name, argsOf(name, done)));
      expect(error).toMatchObject({ code: "rate_limited", retryable: true, retryAfterSeconds: 42 });
      expect(error.rateLimit).toMatchObject({ limit: expect.any(Number), window: expect.stringMatching(/^P/) });
    } finally {
      mcp.exhaustLimits(false);
    }
  });
});

describe.each<McpVia>(["memory", "http"])("the Light tools' answers over %s", (via) => {
  let mcp: Awaited<ReturnType<typeof createTestMcp>>;
  let client: Client;
  let tools: Map<string, Tool>;
  beforeAll(async () => {
    mcp = await createTestMcp();
    client = await mcp.connect(via, { surface: "light", clientAddress: "198.51.100.77" });
    tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
  });
  afterAll(() => mcp.close());

  it("answers each of its three tools with a validating success, and each spent limit as a tool error", async () => {
    expect([...tools.keys()].sort()).toEqual([...MCP_LIGHT_TOOL_NAMES].sort());
    const scan = (await client.callTool({
      name: "service_scan_site",
      arguments: { url: `https://www.${via}-light-answers.example/`, waitSeconds: 10 },
    })) as CallToolResult;
    const { scanId } = scan.structuredContent as { scanId: string };
    for (const name of MCP_LIGHT_TOOL_NAMES) {
      const args = name === "service_scan_site" ? { url: `https://www.${via}-light-answers.example/` } : { scanId };
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, name).toBeFalsy();
      expect(validator.getValidator(tools.get(name)!.outputSchema as never)(result.structuredContent).valid, name).toBe(true);
      mcp.exhaustLimits(true);
      try {
        const refused = toolErrorOf(
          (await client.callTool({
            name,
            arguments: name === "service_scan_site" ? { url: `https://www.${via}-light-new.example/` } : args,
          })) as CallToolResult,
        );
        expect(refused, name).toMatchObject({ code: "rate_limited", retryable: true });
      } finally {
        mcp.exhaustLimits(false);
      }
    }
  });
});
