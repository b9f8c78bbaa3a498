import { Writable } from "node:stream";
import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestRest } from "../../http-h3/test/support/create-test-rest.js";
import { createLambdaApiHandler, createLambdaApiStreamingHandler } from "../src/index.js";
import { fromLambdaResult, TEST_CONTEXT, toLambdaEvent } from "./support/lambda-rest-hosts.js";

type Body = Record<string, unknown>;

describe("the Lambda API handler", () => {
  let rest: Awaited<ReturnType<typeof createTestRest>>;
  beforeAll(async () => {
    rest = await createTestRest({ mcp: true });
  });
  afterAll(() => rest.close());

  const invoke = async (
    handler: ReturnType<typeof createLambdaApiHandler>,
    request: Request,
    { sourceIp = "203.0.113.20", kind = "http-api" }: { sourceIp?: string; kind?: "http-api" | "function-url" } = {},
  ) =>
    fromLambdaResult(
      (await handler(await toLambdaEvent(request, { kind, sourceIp }), TEST_CONTEXT)) as APIGatewayProxyStructuredResultV2,
      request.method,
    );

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

  it("builds the app once, for the base URL the first event names when none is configured", async () => {
    const seen: string[] = [];
    const handler = createLambdaApiHandler({
      createApp: ({ baseUrl }) => {
        seen.push(baseUrl);
        return rest.app;
      },
    });
    const health = new Request("https://ignored.example/api/v2/health");
    expect((await invoke(handler, health, { sourceIp: "203.0.113.30", kind: "function-url" })).status).toBe(200);
    expect((await invoke(handler, new Request("https://ignored.example/api/v2/health"))).status).toBe(200);
    expect(seen).toEqual(["https://abcdefghijklmnop.lambda-url.eu-west-1.on.aws"]);
  });

  it("builds the app again after a failed cold start instead of failing every later event", async () => {
    let attempts = 0;
    const handler = createLambdaApiHandler({
      baseUrl: "https://scan.example.org",
      createApp: () => {
        attempts += 1;
        if (attempts === 1) throw new Error("table not reachable");
        return rest.app;
      },
    });
    await expect(
      handler(await toLambdaEvent(new Request("https://x/api/v2/health"), { kind: "http-api", sourceIp: "203.0.113.1" }), TEST_CONTEXT),
    ).rejects.toThrow("table not reachable");
    expect((await invoke(handler, new Request("https://x/api/v2/health"))).status).toBe(200);
    expect(attempts).toBe(2);
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

  it("streams a response in RESPONSE_STREAM mode with the runtime's metadata prelude", async () => {
    const handler = createLambdaApiStreamingHandler({ createApp: () => rest.app, baseUrl: "https://scan.example.org" });
    const chunks: Buffer[] = [];
    const stream = Object.assign(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(Buffer.from(chunk));
          done();
        },
      }),
      { setContentType: () => undefined },
    );
    const finished = new Promise((resolve) => stream.once("finish", resolve));
    const runtime = globalThis as { awslambda?: unknown };
    // The Node.js runtime's HttpResponseStream.from: the metadata as JSON, then eight NUL bytes, then the body.
    runtime.awslambda = {
      HttpResponseStream: {
        from: (target: Writable, metadata: object) => {
          target.write(JSON.stringify(metadata));
          target.write(new Uint8Array(8));
          return target;
        },
      },
    };
    try {
      await handler(
        await toLambdaEvent(new Request("https://x/api/v2/health"), { kind: "function-url", sourceIp: "203.0.113.40" }),
        stream,
        TEST_CONTEXT,
      );
      await finished;
    } finally {
      delete runtime.awslambda;
    }
    const raw = Buffer.concat(chunks);
    const split = raw.indexOf(Buffer.alloc(8));
    const metadata = JSON.parse(raw.subarray(0, split).toString()) as { statusCode: number; headers: Record<string, string> };
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(raw.subarray(split + 8).toString())).toMatchObject({ type: "service_health", status: "ok" });
  });
});
