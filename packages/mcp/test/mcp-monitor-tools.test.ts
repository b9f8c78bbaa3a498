import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { isMonitorTool, MCP_TOOLS, type McpToolName } from "@public-scan/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_SCOPE_OF_TOOL, toLocalScopes } from "../src/stdio/index.js";
import { createTestMcp, type McpVia } from "./support/create-test-mcp.js";
import { SCAN_TOOL_NAMES } from "./support/scan-tool-names.js";
import { toolErrorOf } from "./support/tool-error-of.js";

const MONITOR_TOOL_NAMES = MCP_TOOLS.filter(isMonitorTool).map((spec) => spec.name);
const validator = new AjvJsonSchemaValidator();
const textOf = (result: CallToolResult) => (result.content[0] as { text: string }).text;

/**
 * The monitor tools as a validating MCP host calls them, over the server in memory, Streamable HTTP and the
 * local stdio server's bridge: offered to a key with `monitor:write` on a host that runs monitors, each
 * answer valid against its declared output schema, and errors in the contract's envelope, as REST's monitor
 * routes answer (the same use-cases).
 */
describe.each<McpVia>(["memory", "http", "bridge"])("the monitor tools over %s", (via) => {
  let mcp: Awaited<ReturnType<typeof createTestMcp>>;
  let client: Client;
  let tools: Map<string, Tool>;
  let monitorId: string;
  const call = async (name: McpToolName, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const expectValid = (name: McpToolName, result: CallToolResult) => {
    expect(result.isError, `${name}: ${textOf(result).slice(0, 300)}`).toBeFalsy();
    const check = validator.getValidator(tools.get(name)!.outputSchema as never)(result.structuredContent);
    expect(check.errorMessage, name).toBeUndefined();
    return result.structuredContent as Record<string, unknown>;
  };

  beforeAll(async () => {
    mcp = await createTestMcp({ monitors: true });
    client = await mcp.connect(via, { surface: "hosted", token: await mcp.issueKey("support", ["scan:read", "mcp", "monitor:write"]) });
    tools = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool]));
  });
  afterAll(() => mcp.close());

  it("offers the monitor tools to a key with monitor:write, and not the scan tool it lacks the scope for", () => {
    for (const name of MONITOR_TOOL_NAMES) expect(tools.has(name), name).toBe(true);
    expect(tools.has("service_scan_site")).toBe(false);
    if (via === "bridge") {
      for (const name of MONITOR_TOOL_NAMES) expect(tools.get(name)!._meta?.["public-scan/localScope"], name).toBe("monitor:write");
    }
  });

  it("creates a monitor with its schedule, shows its webhook secret once, and reads it back without it", async () => {
    const created = expectValid(
      "service_create_monitor",
      await call("service_create_monitor", {
        url: `https://www.${via}-monitored.example/?utm_source=mcp`,
        name: "Home page",
        schedule: { kind: "cron", expression: "0 6 * * *", timezone: "Europe/Paris" },
        webhook: { url: `https://hooks.${via}.example/scan-events?token=abc`, events: ["scan.changed"] },
      }),
    );
    monitorId = created.monitorId as string;
    expect(created).toMatchObject({ status: "active", webhookSecret: expect.stringMatching(/^whsec_/) });
    expect(mcp.scheduled.has(monitorId)).toBe(true);
    // Neither the receiver's token nor the monitored URL's query string comes back.
    expect(JSON.stringify(created)).not.toContain("token=abc");
    expect(JSON.stringify(created)).not.toContain("utm_source");
    const read = expectValid("service_get_monitor", await call("service_get_monitor", { monitorId }));
    expect(read).not.toHaveProperty("webhookSecret");
    const listed = expectValid("service_list_monitors", await call("service_list_monitors", {}));
    expect((listed.monitors as Array<{ monitorId: string }>).map((monitor) => monitor.monitorId)).toEqual([monitorId]);
    expect(expectValid("service_list_monitor_runs", await call("service_list_monitor_runs", { monitorId }))).toEqual({
      monitorId,
      runs: [],
    });
  });

  it("pauses, resumes, rotates the secret and deletes, each answer valid", async () => {
    expect(expectValid("service_pause_monitor", await call("service_pause_monitor", { monitorId }))).toMatchObject({ status: "paused" });
    expect(mcp.scheduled.has(monitorId)).toBe(false);
    expect(expectValid("service_resume_monitor", await call("service_resume_monitor", { monitorId }))).toMatchObject({ status: "active" });
    expect(
      expectValid("service_rotate_monitor_webhook_secret", await call("service_rotate_monitor_webhook_secret", { monitorId })),
    ).toMatchObject({ monitorId, webhookSecret: expect.stringMatching(/^whsec_/) });
    expect(expectValid("service_delete_monitor", await call("service_delete_monitor", { monitorId }))).toEqual({
      monitorId,
      deleted: true,
    });
    expect(mcp.scheduled.has(monitorId)).toBe(false);
  });

  it.each(MONITOR_TOOL_NAMES.filter((name) => name !== "service_list_monitors" && name !== "service_create_monitor"))(
    "%s: a monitor that is not this key's, or gone, is a not_found tool error; a malformed id is invalid_request",
    async (name) => {
      expect(toolErrorOf(await call(name, { monitorId }))).toMatchObject({ code: "not_found", retryable: false });
      expect(toolErrorOf(await call(name, { monitorId: "../../keys" }))).toMatchObject({ code: "invalid_request" });
    },
  );

  it("refuses a schedule more often than the operator allows, and a private receiver, as REST does", async () => {
    const tooOften = toolErrorOf(
      await call("service_create_monitor", { url: "https://www.often.example/", schedule: { kind: "interval", everySeconds: 60 } }),
    );
    expect(tooOften).toMatchObject({ code: "invalid_request", message: expect.stringContaining("schedule") });
    const metadata = toolErrorOf(
      await call("service_create_monitor", {
        url: "https://www.private-hook.example/",
        schedule: { kind: "interval", everySeconds: 3600 },
        webhook: { url: "https://169.254.169.254/latest/meta-data/" },
      }),
    );
    expect(metadata).toMatchObject({ code: "invalid_request", message: expect.stringContaining("webhook.url") });
  });
});

describe("monitor tools and hosts", () => {
  it("are not offered by a host that does not run monitors, whatever the key's scopes", async () => {
    const mcp = await createTestMcp();
    try {
      const client = await mcp.connect("http", {
        surface: "hosted",
        token: await mcp.issueKey("support", ["scan:read", "scan:create", "mcp", "monitor:write"]),
      });
      expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual([...SCAN_TOOL_NAMES].sort());
    } finally {
      await mcp.close();
    }
  });

  it("carry the local scope monitor:write in the stdio server, which knows them by name", () => {
    for (const spec of MCP_TOOLS) {
      const expected = spec.name === "service_scan_site" ? "pulse:scan" : isMonitorTool(spec) ? "monitor:write" : "pulse:read";
      expect(LOCAL_SCOPE_OF_TOOL(spec.name), spec.name).toBe(expected);
    }
    expect(toLocalScopes(["mcp", "scan:read", "monitor:write"])).toEqual(["pulse:read", "monitor:write"]);
  });
});
