import { createLambdaApiHandler } from "@public-scan/aws-lambda";
import { invokeLambdaHandler } from "@public-scan/test-support/lambda-events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestRest } from "./support/create-test-rest.js";

type Body = Record<string, unknown>;

// What the REST app does through aws-lambda's handler beyond the contract suite (rest-contract-lambda): who a
// caller is, and MCP on the same function.
describe("the REST app through the Lambda API handler", () => {
  let rest: Awaited<ReturnType<typeof createTestRest>>;
  beforeAll(async () => {
    rest = await createTestRest({ mcp: true });
  });
  afterAll(() => rest.close());

  const invoke = (
    handler: ReturnType<typeof createLambdaApiHandler>,
    request: Request,
    input: { sourceIp?: string; kind?: "http-api" | "function-url" } = {},
  ) => invokeLambdaHandler(handler, request, input);

  const create = (url: string, headers: Record<string, string> = {}) =>
    new Request("https://ignored.example/api/v2/scans", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ url }),
    });

  it("knows callers by the event's source IP, never by an X-Forwarded-For they send", async () => {
    const handler = createLambdaApiHandler({ createApp: () => rest.app, baseUrl: "https://scan.example.org" });
    const remaining = async (response: Response) => ((await response.json()) as Body).anonymousQuotaRemaining;
    // Two different forged addresses from one source: one caller, one allowance.
    const first = await invoke(handler, create("https://one.example.com/", { "x-forwarded-for": "198.51.100.1" }), {
      sourceIp: "203.0.113.21",
    });
    const second = await invoke(handler, create("https://two.example.com/", { "x-forwarded-for": "198.51.100.2" }), {
      sourceIp: "203.0.113.21",
    });
    expect(first.status).toBe(202);
    expect(await remaining(first)).toBe(19);
    expect(await remaining(second)).toBe(18);
    // Another source is another caller, whatever it forwards.
    const other = await invoke(handler, create("https://three.example.com/", { "x-forwarded-for": "203.0.113.21" }), {
      sourceIp: "203.0.113.22",
    });
    expect(await remaining(other)).toBe(19);
  });

  it("serves MCP (stateless JSON) through the same handler", async () => {
    const handler = createLambdaApiHandler({ createApp: () => rest.app, baseUrl: "https://scan.example.org" });
    const call = new Request("https://x/mcp/light", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    const answer = await invoke(handler, call);
    expect(answer.status).toBe(200);
    const tools = ((await answer.json()) as { result: { tools: Array<{ name: string }> } }).result.tools.map((tool) => tool.name);
    expect(tools).toContain("service_scan_site");
  });
});
