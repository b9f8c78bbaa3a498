import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProtectedResourceMetadataHandler } from "@public-scan/mcp";
import { createTestRest } from "./support/create-test-rest.js";
import { REST_HOSTS } from "@public-scan/test-support/rest-hosts";

/**
 * The MCP endpoints mounted in the REST app, over a real socket: one scan read through REST, the Light
 * endpoint and the hosted one keeps scanId, status, score, risk, coverage and every timestamp identical
 * (contract: moving from Light to authenticated MCP keeps them compatible), and health reports both on.
 */
const socket = REST_HOSTS[1]!;
const SAME_FIELDS = [
  "scanId",
  "status",
  "score",
  "scoreStatus",
  "scoreVersion",
  "riskLevel",
  "coverage",
  "createdAt",
  "completedAt",
  "scoreUpdatedAt",
  "domain",
  "url",
  "scanFrom",
];

describe("MCP mounted in the REST app", () => {
  let send: Awaited<ReturnType<(typeof socket)["start"]>>["send"];
  let origin: string;
  let stop: () => Promise<void>;
  let token: string;
  beforeAll(async () => {
    const rest = await createTestRest({ mcp: true });
    const started = await socket.start(rest.app);
    send = started.send;
    origin = new URL((await send("/api/v2/health")).url).origin;
    token = await rest.issueKey("self_serve");
    stop = async () => {
      await started.stop();
      await rest.close();
    };
  });
  afterAll(() => stop());

  const client = async (path: string, headers: Record<string, string> = {}) => {
    const mcp = new Client({ name: "consistency-test", version: "1.0.0" });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(path, origin), { requestInit: { headers } }));
    return mcp;
  };
  const structured = async (mcp: Client, name: string, args: Record<string, unknown>) =>
    ((await mcp.callTool({ name, arguments: args })) as CallToolResult).structuredContent as Record<string, unknown>;

  it("reports the MCP surfaces as on in health", async () => {
    const health = (await (await send("/api/v2/health")).json()) as { surfaces: Record<string, boolean> };
    expect(health.surfaces).toEqual({ rest: true, mcp: true, mcpLight: true });
  });

  it("shows one scan alike through REST, Light and /mcp", async () => {
    const light = await client("/mcp/light");
    const scanned = await structured(light, "service_scan_site", { url: "https://www.same-everywhere.example.com/", waitSeconds: 10 });
    expect(scanned.status).toBe("completed");
    const scanId = scanned.scanId as string;
    const viaRest = (await (await send(`/api/v2/scans/${scanId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Record<
      string,
      unknown
    >;
    const viaLight = await structured(light, "service_get_scan_status", { scanId });
    const hosted = await client("/mcp", { authorization: `Bearer ${token}` });
    const viaHosted = await structured(hosted, "service_get_scan", { scanId });
    const pick = (resource: Record<string, unknown>) => Object.fromEntries(SAME_FIELDS.map((field) => [field, resource[field]]));
    expect(viaRest).toMatchObject({ type: "service_scan" });
    expect(pick(viaRest).score).toEqual(expect.any(Number));
    expect(pick(viaLight)).toEqual(pick(viaRest));
    expect(pick(viaHosted)).toEqual(pick(viaRest));
    expect(pick(scanned)).toEqual(pick(viaRest));
    await Promise.all([light.close(), hosted.close()]);
  });
});

describe("the protected-resource metadata route", () => {
  it("is served at the contract's path when the host gives it", async () => {
    const metadata = createProtectedResourceMetadataHandler({
      baseUrl: "https://scan.example.org",
      oauth: { issuer: "https://auth.example.org", jwks: { keys: [] } },
    });
    const rest = await createTestRest({ options: { mcp: { protectedResourceMetadata: metadata } } });
    const response = await rest.app.fetch(new Request("http://in-process/.well-known/oauth-protected-resource/mcp"));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      resource: "https://scan.example.org/mcp",
      authorization_servers: ["https://auth.example.org"],
    });
    await rest.close();
  });
});
