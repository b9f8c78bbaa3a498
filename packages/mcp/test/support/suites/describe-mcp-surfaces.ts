import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { MCP_LIGHT_TOOL_NAMES, MCP_TOOL_NAMES } from "@public-scan/core";
import { SCAN_TOOL_NAMES } from "../scan-tool-names.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMcp, type McpRoute, type McpVia } from "../create-test-mcp.js";
import { toolErrorOf } from "../tool-error-of.js";

/**
 * One MCP suite, run over the in-memory transport and over real Streamable HTTP (the same server, the
 * SDK's own Client): the tool lists by surface and scopes, a scan through Light end to end, reads of it,
 * the bundle's byte budget, and hostile input, each answered as a tool error with the REST envelope.
 */
const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const structured = (result: CallToolResult) => result.structuredContent as Record<string, unknown>;
const errorOf = (result: CallToolResult) => toolErrorOf(result);

export function describeMcpSurfaces(input: { vias: McpVia[]; label?: string; host?: (route: McpRoute) => typeof fetch }): void {
  describe.each<McpVia>(input.vias)(`MCP over %s${input.label ?? ""}`, (via) => {
    let mcp: Awaited<ReturnType<typeof createTestMcp>>;
    let support: string;
    let monitoring: string;
    let selfServe: string;
    beforeAll(async () => {
      mcp = await createTestMcp({ monitors: true, ...(input.host === undefined ? {} : { host: input.host }) });
      support = await mcp.issueKey("support", ["scan:read", "scan:create", "mcp"]);
      monitoring = await mcp.issueKey("support", ["scan:read", "scan:create", "mcp", "monitor:write"]);
      selfServe = await mcp.issueKey("self_serve");
    });
    afterAll(() => mcp.close());

    it("lists exactly the three Light tools on /mcp/light, the scan tools for a scanning key, all with monitor:write, and no scan tool for a read-only key", async () => {
      const light = await mcp.connect(via, { surface: "light" });
      expect((await light.listTools()).tools.map((tool) => tool.name).sort()).toEqual([...MCP_LIGHT_TOOL_NAMES].sort());
      const scanning = await mcp.connect(via, { surface: "hosted", token: support });
      expect((await scanning.listTools()).tools.map((tool) => tool.name).sort()).toEqual([...SCAN_TOOL_NAMES].sort());
      const full = await mcp.connect(via, { surface: "hosted", token: monitoring });
      expect((await full.listTools()).tools.map((tool) => tool.name).sort()).toEqual([...MCP_TOOL_NAMES].sort());
      const readOnly = await mcp.connect(via, { surface: "hosted", token: selfServe });
      const names = (await readOnly.listTools()).tools.map((tool) => tool.name);
      expect(names.sort()).toEqual(SCAN_TOOL_NAMES.filter((name) => name !== "service_scan_site").sort());
    });

    it("describes each tool with its schemas and annotations: reads are read-only and closed-world; scanning and creating a monitor reach the open web; deleting a monitor and replacing its secret are destructive", async () => {
      const client = await mcp.connect(via, { surface: "hosted", token: monitoring });
      const { tools } = await client.listTools();
      const openWorld = ["service_scan_site", "service_create_monitor"];
      const changes = [
        ...openWorld,
        "service_pause_monitor",
        "service_resume_monitor",
        "service_delete_monitor",
        "service_rotate_monitor_webhook_secret",
      ];
      for (const tool of tools) {
        expect(tool.inputSchema.type).toBe("object");
        expect(tool.outputSchema?.type).toBe("object");
        expect(tool.description?.length).toBeGreaterThan(40);
        expect(tool.annotations?.openWorldHint, tool.name).toBe(openWorld.includes(tool.name));
        expect(tool.annotations?.readOnlyHint, tool.name).toBe(!changes.includes(tool.name));
        expect(tool.annotations?.destructiveHint, tool.name).toBe(
          tool.name === "service_delete_monitor" || tool.name === "service_rotate_monitor_webhook_secret",
        );
      }
    });

    it("scans through Light, waits for the result, reports this request's provenance, then reuses it for free", async () => {
      const light = await mcp.connect(via, { surface: "light", clientAddress: "198.51.100.20" });
      const url = `https://www.${via}-light.example/`;
      const first = await call(light, "service_scan_site", { url, waitSeconds: 10 });
      expect(first.isError).toBeFalsy();
      expect(structured(first)).toMatchObject({
        type: "service_scan",
        status: "completed",
        executionMode: "new_scan",
        quotaConsumed: true,
        anonymousQuotaLimit: 50,
      });
      expect((first.content[0] as { text: string }).text).toMatch(/^Scan \S+ of www\.\w+-light\.example: completed, score \d+/);
      const second = await call(light, "service_scan_site", { url });
      expect(structured(second)).toMatchObject({ scanId: structured(first).scanId, reused: true, quotaConsumed: false });

      const scanId = structured(first).scanId as string;
      const status = await call(light, "service_get_scan_status", { scanId });
      expect(structured(status)).toMatchObject({ scanId, status: "completed", score: structured(first).score });
      for (const [detail, maxBytes] of [
        ["summary", 2000],
        ["full", 12000],
      ] as const) {
        const bundle = structured(await call(light, "service_get_scan_bundle", { scanId, detail, maxBytes }));
        expect(Buffer.byteLength(JSON.stringify(bundle))).toBeLessThanOrEqual(maxBytes);
        expect(bundle.actualBytes).toBeLessThanOrEqual(maxBytes);
      }
    });

    it("answers every read tool for a completed scan with its REST resource", async () => {
      const client = await mcp.connect(via, { surface: "hosted", token: support });
      const scan = structured(await call(client, "service_scan_site", { url: `https://www.${via}-reads.example/` }));
      const scanId = scan.scanId as string;
      for (const name of [
        "service_get_scan",
        "service_get_report",
        "service_get_evidence",
        "service_export_findings",
        "service_list_findings",
        "service_get_pre_consent_cookies_trackers",
      ]) {
        const result = await call(client, name, { scanId });
        expect(result.isError, name).toBeFalsy();
      }
      const findings = structured(await call(client, "service_list_findings", { scanId })) as { findings: Array<{ id: string }> };
      const explained = await call(client, "service_explain_finding", { scanId, finding: findings.findings[0]!.id });
      expect(explained.isError).toBeFalsy();
      const latest = await call(client, "service_get_latest_domain_scan", { domain: `www.${via}-reads.example` });
      expect(structured(latest)).toMatchObject({ scanId });
    });

    it.each([
      ["a wrong argument type", "service_get_scan_status", { scanId: 42 }],
      ["a scan id of another shape", "service_get_scan_status", { scanId: "../../etc/passwd" }],
      ["an unknown argument", "service_get_scan_status", { scanId: "scan_x", extra: true }],
      ["a huge argument", "service_scan_site", { url: `https://example.com/${"a".repeat(20_000)}` }],
      ["a private address", "service_scan_site", { url: "http://169.254.169.254/latest/meta-data/" }],
      ["a URL that is not http", "service_scan_site", { url: "file:///etc/passwd" }],
    ])("answers %s with a clear tool error, never a crash", async (_case, name, args) => {
      const light = await mcp.connect(via, { surface: "light", clientAddress: "198.51.100.21" });
      const result = await call(light, name, args);
      // A tool error in the contract's envelope, which a validating host keeps (it is not checked against the success schema).
      expect(errorOf(result).code).toMatch(/^(invalid_request|not_found)$/);
      const text = (result.content[0] as { text: string }).text;
      expect(text).not.toMatch(/\n\s+at /);
      expect(text.length).toBeLessThan(4000);
    });

    it("answers an unknown tool, or one the surface does not offer, with an error naming it", async () => {
      const light = await mcp.connect(via, { surface: "light" });
      for (const name of ["service_delete_everything", "service_get_scan"]) {
        const outcome = await call(light, name, {}).then(
          (result) => (result.content[0] as { text: string }).text,
          (error: unknown) => String(error),
        );
        expect(outcome).toContain(name);
      }
    });

    it("refuses a sixth new Light scan from one address in ten minutes with the machine-readable limit", async () => {
      const light = await mcp.connect(via, { surface: "light", clientAddress: "198.51.100.30" });
      // Over HTTP every request comes from loopback: earlier tests of this suite already spent some of its five.
      let refused: CallToolResult | null = null;
      for (let index = 0; index < 6 && refused === null; index += 1) {
        const result = await call(light, "service_scan_site", { url: `https://www.limit-${via}-${index}.example/`, waitSeconds: 0 });
        if (result.isError) refused = result;
      }
      expect(refused).not.toBeNull();
      expect(errorOf(refused!)).toMatchObject({
        code: "rate_limited",
        retryable: true,
        rateLimit: { profile: "light_mcp_scan", scope: "ip", window: "PT10M", limit: 5 },
      });
      expect(errorOf(refused!).retryAfterSeconds).toBeGreaterThan(0);
    });
  });

  describe("MCP over HTTP only", () => {
    let mcp: Awaited<ReturnType<typeof createTestMcp>>;
    beforeAll(async () => {
      mcp = await createTestMcp(input.host === undefined ? {} : { host: input.host });
    });
    afterAll(() => mcp.close());
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
    };
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      mcp.fetch(`${mcp.origin}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });

    it("asks for a bearer key on /mcp with 401 and a challenge, and refuses an invalid one", async () => {
      const none = await post("/mcp", initialize);
      expect(none.status).toBe(401);
      expect(none.headers.get("www-authenticate")).toMatch(/^Bearer /);
      expect((await none.json()) as unknown).toMatchObject({ type: "service_api_error", error: { code: "unauthorized" } });
      expect((await post("/mcp", initialize, { authorization: "Bearer svc_ro_nope" })).status).toBe(401);
    });

    it("refuses a key without the mcp scope with 403", async () => {
      const key = await mcp.issueKey("support", ["scan:read"]);
      const response = await post("/mcp", initialize, { authorization: `Bearer ${key}` });
      expect(response.status).toBe(403);
      expect(response.headers.get("www-authenticate")).toContain("insufficient_scope");
    });

    it("refuses a browser request from another origin (DNS rebinding) and allows the deployment's own", async () => {
      expect((await post("/mcp/light", initialize, { origin: "https://evil.example" })).status).toBe(403);
      expect((await post("/mcp/light", initialize, { origin: "https://scan.example.org" })).status).toBe(200);
    });

    it("answers GET and DELETE with 405 (no sessions), malformed JSON with a JSON-RPC parse error, and a huge body with 413", async () => {
      for (const method of ["GET", "DELETE"]) {
        const response = await mcp.fetch(`${mcp.origin}/mcp/light`, { method, headers: { accept: "text/event-stream" } });
        expect(response.status).toBe(405);
        expect(response.headers.get("allow")).toBe("POST");
      }
      const malformed = await post("/mcp/light", "{not json");
      expect(malformed.status).toBe(400);
      expect(((await malformed.json()) as { error: { code: number } }).error.code).toBe(-32700);
      expect((await post("/mcp/light", { ...initialize, padding: "x".repeat(200_000) })).status).toBe(413);
    });

    it("answers a JSON-RPC batch message by message, without a crash", async () => {
      const batch = [1, 2].map((id) => ({ jsonrpc: "2.0", id, method: "tools/list", params: {} }));
      const response = await post("/mcp/light", batch, { "mcp-protocol-version": "2025-06-18" });
      expect(response.status).toBeLessThan(500);
      const text = await response.text();
      expect(text).toMatch(/"id":1/);
      expect(text).toMatch(/"id":2/);
    });

    it("needs the client to accept both JSON and an event stream", async () => {
      const response = await post("/mcp/light", initialize, { accept: "application/json" });
      expect(response.status).toBe(406);
    });
  });
}
