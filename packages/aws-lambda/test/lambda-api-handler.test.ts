import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { H3 } from "h3";
import { createLambdaApiHandler, createLambdaApiStreamingHandler } from "../src/index.js";
import { invokeLambdaHandler, TEST_CONTEXT, toLambdaEvent } from "@public-scan/test-support/lambda-events";

describe("the Lambda API handler", () => {
  // The adapter's own behaviour needs only an app; the REST and MCP surfaces through it are tested in their
  // packages (http-h3's rest-contract-lambda and rest-over-lambda, mcp's mcp-surfaces-lambda).
  const rest = { app: new H3().get("/api/v2/health", () => ({ type: "service_health", status: "ok" })) };

  const invoke = (
    handler: ReturnType<typeof createLambdaApiHandler>,
    request: Request,
    input: { sourceIp?: string; kind?: "http-api" | "function-url" } = {},
  ) => invokeLambdaHandler(handler, request, input);

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
