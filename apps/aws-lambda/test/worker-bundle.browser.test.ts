import "reflect-metadata";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { PORTS } from "@public-scan/core";
import { createDynamoScanStore, createDynamoTables } from "@public-scan/storage/dynamodb";
import { container } from "tsyringe";
import { afterAll, describe, expect, inject, it } from "vitest";
import { invokeLambdaHandler } from "@public-scan/test-support/lambda-events";
import { createSqsProtocolResponder } from "@public-scan/test-support/sqs-protocol-responder";
import { createTestTables, releaseTestDynamo } from "@public-scan/test-support/test-dynamo";
import { bundleFunction } from "../scripts/bundle.js";
import { createApiHandler } from "../src/compose-api.js";
import { LAMBDA_TABLES, tableEnvName } from "../src/settings.js";

const QUEUE_URL = "https://sqs.eu-west-1.amazonaws.com/123456789012/public-scan-scans";
const run = promisify(execFile);

/** Every target is public: no DNS in a test. Registered as an embedder registers a port of its own. */
function publicTargets() {
  const scope = container.createChildContainer();
  scope.register(PORTS.targetPolicy, { useValue: { check: () => Promise.resolve({ allowed: true as const }) } });
  return scope;
}

describe("the worker's bundle, on this machine's Chromium", () => {
  const out = mkdtempSync(join(tmpdir(), "public-scan-worker-bundle-"));
  afterAll(async () => {
    rmSync(out, { recursive: true, force: true });
    await releaseTestDynamo();
  });

  it("runs a real scan of a fixture-web site that the API entry queued, and stores the report in DynamoDB", async () => {
    const web = inject("fixtureWeb");
    const site = web.sites.find((candidate) => candidate.id === "daily-courier")!;
    const tables = Object.fromEntries(LAMBDA_TABLES.map((kind) => [kind, `worker-${kind}`]));
    const endpoint = (await createTestTables(createDynamoTables, tables)).clientConfig.endpoint as string;
    const env = {
      ...Object.fromEntries(LAMBDA_TABLES.map((kind) => [tableEnvName(kind), `worker-${kind}`])),
      PUBLIC_SCAN_QUEUE_URL: QUEUE_URL,
      PUBLIC_SCAN_BASE_URL: "https://scan.example.org",
      PUBLIC_SCAN_IDENTIFIER_SECRET: "an-example-secret-of-at-least-32-characters",
    };

    // The API entry queues the scan: stored in DynamoDB, one message sent.
    const responder = createSqsProtocolResponder({ knownQueueUrl: QUEUE_URL });
    const credentials = { accessKeyId: "test", secretAccessKey: "test" };
    const api = createApiHandler({
      env,
      clients: {
        dynamo: { endpoint, region: "local", credentials },
        sqs: { region: "eu-west-1", credentials, requestHandler: responder.handler },
      },
      container: publicTargets(),
      log: () => undefined,
    });
    const request = new Request("https://scan.example.org/api/v2/scans", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: site.url }),
    });
    const created = await invokeLambdaHandler(api, request, { kind: "function-url", sourceIp: "203.0.113.60" });
    expect(created.status).toBe(202);
    const { scanId } = (await created.json()) as { scanId: string };
    const message = responder.sent.find((sent) => sent.target === "AmazonSQS.SendMessage")!;

    // The worker's bundle, loaded in a fresh Node as Lambda loads it, gets that message from its event source.
    const { dir } = await bundleFunction("worker", out, fileURLToPath(new URL("support/worker-on-fixture-web.ts", import.meta.url)));
    const sqsEvent = { Records: [{ messageId: "m-1", body: message.body.MessageBody, attributes: { ApproximateReceiveCount: "1" } }] };
    const script = [
      `const { handler } = await import(${JSON.stringify(pathToFileURL(join(dir, "index.mjs")).href)});`,
      "const result = await handler(JSON.parse(process.env.TEST_EVENT), { getRemainingTimeInMillis: () => 120000 });",
      "process.stdout.write(JSON.stringify(result));",
      "process.exit(0);",
    ].join("\n");
    const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script], {
      timeout: 90_000,
      env: {
        PATH: process.env.PATH ?? "",
        ...env,
        AWS_REGION: "eu-west-1",
        AWS_ACCESS_KEY_ID: "test",
        AWS_SECRET_ACCESS_KEY: "test",
        AWS_ENDPOINT_URL_DYNAMODB: endpoint,
        TEST_EVENT: JSON.stringify(sqsEvent),
        TEST_BROWSER_WS_ENDPOINT: inject("browserWSEndpoint"),
        TEST_FIXTURE_WEB: JSON.stringify(web),
      },
    });
    expect(JSON.parse(stdout)).toEqual({ batchItemFailures: [] });

    const scans = createDynamoScanStore({ tableName: `worker-scans`, clientConfig: { endpoint, region: "local", credentials } });
    try {
      const stored = await scans.get(scanId);
      expect(stored).toMatchObject({ status: "completed", attempts: 1 });
      expect(stored?.report?.findings.length).toBeGreaterThan(0);
    } finally {
      await scans.close();
    }
  }, 120_000);
});
