import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDynamoTables } from "@public-scan/storage/dynamodb";
import { TEST_CONTEXT, toLambdaEvent } from "@public-scan/test-support/lambda-events";
import { createTestTables, releaseTestDynamo } from "@public-scan/test-support/test-dynamo";
import { bundleFunction, sizeOf, type FunctionName } from "../scripts/bundle.js";
import { LAMBDA_TABLES, tableEnvName } from "../src/settings.js";
import { PRELUDE_CONTENT_TYPE } from "./support/lambda-streaming-runtime.js";
import { createSchedulerProtocolResponder } from "@public-scan/test-support/scheduler-protocol-responder";
import { createSecretsManagerProtocolResponder } from "./support/secrets-manager-protocol-responder.js";
import { serveProtocolResponder } from "./support/serve-protocol-responder.js";

const MB = 1_000_000;
/**
 * The size budget of what each function loads at a cold start (index.mjs and the chunks it imports
 * statically; BENCHMARKS.md "Lambda cold start" has what each costs). The API's was 5 MB with everything in
 * one file; the MCP endpoints, the Redis stores, the SQS client, Secrets Manager's and the report pages now
 * load at first use (1 MB at the start), and the budget keeps them there.
 */
export const BUNDLE_BUDGETS: Record<FunctionName, number> = {
  api: 1.2 * MB,
  "api-streaming": 1.2 * MB,
  worker: 3.6 * MB,
  recover: 0.9 * MB,
  // The API's create path and the webhook sender; Scheduler's SDK loads when a schedule changes.
  monitor: 1.2 * MB,
};
const FUNCTION_NAMES = Object.keys(BUNDLE_BUDGETS) as FunctionName[];
/** Everything the worker ships besides Chromium's packed binaries (@sparticuz/chromium's bin/, about 67 MB). */
const WORKER_BESIDE_CHROMIUM_BUDGET = 30 * MB;

const run = promisify(execFile);

/** Loads a bundle in a fresh Node process, as Lambda does, and calls its handler with one event. */
async function invokeBundle(input: { file: string; event: unknown; env: Record<string, string> }): Promise<unknown> {
  const script = [
    `const { handler } = await import(${JSON.stringify(pathToFileURL(input.file).href)});`,
    `const context = { ...JSON.parse(process.env.TEST_CONTEXT), getRemainingTimeInMillis: () => 60000 };`,
    "process.stdout.write(JSON.stringify(await handler(JSON.parse(process.env.TEST_EVENT), context)));",
  ].join("\n");
  return runInFreshNode(script, input);
}

/** Runs `script` (an ES module) in a fresh Node with the event and a Lambda context in its environment; parses what it prints. */
async function runInFreshNode(script: string, input: { event: unknown; env: Record<string, string> }): Promise<unknown> {
  const env = {
    PATH: process.env.PATH ?? "",
    ...input.env,
    TEST_EVENT: JSON.stringify(input.event),
    TEST_CONTEXT: JSON.stringify(TEST_CONTEXT),
  };
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], { env, timeout: 30_000 });
  return JSON.parse(stdout) as unknown;
}

/**
 * Loads the streaming API bundle in a fresh Node process after defining the runtime's `awslambda` global (as
 * the Node.js runtime does before it loads a function), and calls its handler with one event and a response
 * stream; returns the handler's streaming mark and what was written to the stream.
 */
async function invokeStreamingBundle(input: { file: string; event: unknown; env: Record<string, string> }) {
  const runtime = pathToFileURL(fileURLToPath(new URL("support/lambda-streaming-runtime.ts", import.meta.url))).href;
  const script = [
    `const runtime = await import(${JSON.stringify(runtime)});`,
    "runtime.installAwsLambdaGlobal();",
    `const { handler } = await import(${JSON.stringify(pathToFileURL(input.file).href)});`,
    `const context = { ...JSON.parse(process.env.TEST_CONTEXT), getRemainingTimeInMillis: () => 60000 };`,
    "const stream = runtime.createRecordingResponseStream();",
    "await handler(JSON.parse(process.env.TEST_EVENT), stream, context);",
    "const { contentType, bytes } = await stream.recorded;",
    "process.stdout.write(JSON.stringify({ mark: handler[runtime.STREAMING_MARK], contentType, bytes: bytes.toString('base64') }));",
  ].join("\n");
  const answer = (await runInFreshNode(script, input)) as { mark: unknown; contentType: string; bytes: string };
  return { mark: answer.mark, contentType: answer.contentType, bytes: Buffer.from(answer.bytes, "base64") };
}

describe("the Lambda deployment's bundles (rolldown)", () => {
  const out = mkdtempSync(join(tmpdir(), "public-scan-bundle-"));
  const sizes = {} as Record<FunctionName, Awaited<ReturnType<typeof bundleFunction>>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    for (const name of FUNCTION_NAMES) sizes[name] = await bundleFunction(name, out);
    const tables = Object.fromEntries(LAMBDA_TABLES.map((kind) => [kind, `bundle-${kind}`]));
    const endpoint = (await createTestTables(createDynamoTables, tables)).clientConfig.endpoint as string;
    env = {
      ...Object.fromEntries(LAMBDA_TABLES.map((kind) => [tableEnvName(kind), `bundle-${kind}`])),
      PUBLIC_SCAN_QUEUE_URL: "https://sqs.eu-west-1.amazonaws.com/123456789012/public-scan-scans",
      PUBLIC_SCAN_BASE_URL: "https://scan.example.org",
      PUBLIC_SCAN_IDENTIFIER_SECRET: "an-example-secret-of-at-least-32-characters",
      AWS_REGION: "eu-west-1",
      AWS_ACCESS_KEY_ID: "test",
      AWS_SECRET_ACCESS_KEY: "test",
      AWS_ENDPOINT_URL_DYNAMODB: endpoint,
    };
  }, 120_000);
  afterAll(async () => {
    rmSync(out, { recursive: true, force: true });
    await releaseTestDynamo();
  });

  it("keeps each function's bundle within its size budget", () => {
    for (const name of FUNCTION_NAMES) expect(sizes[name].bundle, name).toBeLessThan(BUNDLE_BUDGETS[name]);
    const chromiumBin = join(sizes.worker.dir, "node_modules/@sparticuz/chromium/bin");
    expect(sizes.worker.beside - sizeOf(chromiumBin)).toBeLessThan(WORKER_BESIDE_CHROMIUM_BUDGET);
  });

  it("ships Chromium, autoconsent and the scanner's data beside the worker, where the bundle finds them", () => {
    const dir = sizes.worker.dir;
    for (const file of ["chromium.br", "al2023.tar.br", "fonts.tar.br", "swiftshader.tar.br"]) {
      expect(existsSync(join(dir, "node_modules/@sparticuz/chromium/bin", file)), file).toBe(true);
    }
    expect(existsSync(join(dir, "data/easyprivacy/easyprivacy.txt"))).toBe(true);
    const require = createRequire(join(dir, "index.mjs"));
    expect(require.resolve("@sparticuz/chromium")).toContain(join(dir, "node_modules"));
    expect(require.resolve("@duckduckgo/autoconsent/rules/compact-rules.json")).toContain(join(dir, "node_modules"));
  });

  it("answers an HTTP API event from the API bundle, loaded as Lambda loads it", async () => {
    const event = await toLambdaEvent(new Request("https://scan.example.org/api/v2/health"), {
      kind: "http-api",
      sourceIp: "203.0.113.50",
    });
    const result = (await invokeBundle({ file: join(sizes.api.dir, "index.mjs"), event, env })) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({ status: expect.any(String) });
  });

  it("loads the MCP endpoints at their first request, from a chunk beside the API bundle", async () => {
    const request = new Request("https://scan.example.org/mcp/light", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    const event = await toLambdaEvent(request, { kind: "http-api", sourceIp: "203.0.113.52" });
    const result = (await invokeBundle({ file: join(sizes.api.dir, "index.mjs"), event, env })) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(200);
    const tools = (JSON.parse(result.body) as { result: { tools: Array<{ name: string }> } }).result.tools.map((tool) => tool.name);
    expect(tools).toContain("service_scan_site");
    expect(sizes.api.lazy).toBeGreaterThan(0.5 * MB);
  });

  it("loads the report pages' renderers at their first request, from a chunk beside the API bundle", async () => {
    const event = await toLambdaEvent(new Request("https://scan.example.org/reports/0b7e9f1e-3c52-4d8e-9a51-6f7d2c1b9e40"), {
      kind: "http-api",
      sourceIp: "203.0.113.53",
    });
    const result = (await invokeBundle({ file: join(sizes.api.dir, "index.mjs"), event, env })) as {
      statusCode: number;
      headers: Record<string, string>;
      body: string;
    };
    expect(result.statusCode).toBe(404);
    expect(result.headers["content-type"]).toContain("text/html");
    expect(result.body).toMatch(/^<!doctype html>/i);
    expect(result.body).toContain("not_found");
  });

  it("streams a Function URL answer from the streaming API bundle, its handler marked as the runtime expects", async () => {
    const event = await toLambdaEvent(new Request("https://scan.example.org/api/v2/health"), {
      kind: "function-url",
      sourceIp: "203.0.113.51",
    });
    const answer = await invokeStreamingBundle({ file: join(sizes["api-streaming"].dir, "index.mjs"), event, env });
    // Without this mark the runtime would call the handler as a buffered one, with no response stream.
    expect(answer.mark).toBe("response");
    expect(answer.contentType).toBe(PRELUDE_CONTENT_TYPE);
    const split = answer.bytes.indexOf(Buffer.alloc(8));
    expect(split).toBeGreaterThan(0);
    const prelude = JSON.parse(answer.bytes.subarray(0, split).toString()) as { statusCode: number; headers: Record<string, string> };
    expect(prelude.statusCode).toBe(200);
    expect(prelude.headers["content-type"]).toContain("application/json");
    expect(JSON.parse(answer.bytes.subarray(split + 8).toString())).toMatchObject({ type: "service_health", status: "ok" });
  });

  it("reads the identifier secret from Secrets Manager in the bundle's init, and fails the init with the reason when it is missing", async () => {
    const arn = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:IdentifierSecret-AbCdEf";
    const responder = createSecretsManagerProtocolResponder({
      knownArn: arn,
      secretString: "a-generated-secret-of-48-characters-0123456789ab",
    });
    const secretsManager = await serveProtocolResponder(responder.handler);
    try {
      const { PUBLIC_SCAN_IDENTIFIER_SECRET: _plain, ...withoutSecret } = env;
      const onAws = { ...withoutSecret, AWS_ENDPOINT_URL_SECRETS_MANAGER: secretsManager.url, PUBLIC_SCAN_IDENTIFIER_SECRET_ARN: arn };
      const recover = join(sizes.recover.dir, "index.mjs");
      expect(await invokeBundle({ file: recover, event: {}, env: onAws })).toEqual({ requeued: 0, failed: 0, discarded: 0 });
      expect(responder.sent.map((request) => [request.target, request.body.SecretId])).toEqual([["secretsmanager.GetSecretValue", arn]]);

      const gone = invokeBundle({ file: recover, event: {}, env: { ...onAws, PUBLIC_SCAN_IDENTIFIER_SECRET_ARN: `${arn}-gone` } });
      await expect(gone).rejects.toMatchObject({
        stderr: expect.stringContaining("PUBLIC_SCAN_IDENTIFIER_SECRET_ARN: the secret cannot be read (ResourceNotFoundException"),
      });
    } finally {
      await secretsManager.close();
    }
  });

  it("consumes a tick in the monitor bundle: a tick of a monitor that is gone removes its schedule, a body that is no tick is dropped", async () => {
    const scheduler = createSchedulerProtocolResponder({ region: "eu-west-1", account: "123456789012" });
    const endpoint = await serveProtocolResponder(scheduler.handler);
    try {
      const monitorEnv = {
        ...env,
        PUBLIC_SCAN_MONITOR_SCHEDULE_GROUP: "public-scan-monitors",
        PUBLIC_SCAN_MONITOR_TICK_QUEUE_ARN: "arn:aws:sqs:eu-west-1:123456789012:public-scan-monitor-ticks",
        PUBLIC_SCAN_MONITOR_SCHEDULER_ROLE_ARN: "arn:aws:iam::123456789012:role/public-scan-scheduler",
        AWS_ENDPOINT_URL_SCHEDULER: endpoint.url,
      };
      const monitorId = "6d0e4c1a-2b7f-4f0e-9a51-1c3d5e7f9b20";
      const event = {
        Records: [
          { messageId: "t-1", body: JSON.stringify({ monitorId, scheduledAt: "2026-12-07T10:00:00Z" }), attributes: {} },
          { messageId: "t-2", body: "not a tick", attributes: {} },
        ],
      };
      expect(await invokeBundle({ file: join(sizes.monitor.dir, "index.mjs"), event, env: monitorEnv })).toEqual({ batchItemFailures: [] });
      expect(scheduler.sent.map((request) => [request.method, request.path, request.query.groupName])).toEqual([
        ["DELETE", `/schedules/${monitorId}`, "public-scan-monitors"],
      ]);
    } finally {
      await endpoint.close();
    }
  });

  it("consumes an SQS event in the worker bundle and runs the recovery bundle", async () => {
    // A message for a scan that does not exist does nothing (jobs are idempotent): the worker's stores answer.
    const event = {
      Records: [{ messageId: "m-1", body: JSON.stringify({ scanId: "scan_absent" }), attributes: { ApproximateReceiveCount: "1" } }],
    };
    expect(await invokeBundle({ file: join(sizes.worker.dir, "index.mjs"), event, env })).toEqual({ batchItemFailures: [] });
    expect(await invokeBundle({ file: join(sizes.recover.dir, "index.mjs"), event: {}, env })).toEqual({
      requeued: 0,
      failed: 0,
      discarded: 0,
    });
  });
});
