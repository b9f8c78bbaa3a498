import "reflect-metadata";
import { GetItemCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invokeLambdaHandler } from "@public-scan/test-support/lambda-events";
import { createSqsProtocolResponder } from "@public-scan/test-support/sqs-protocol-responder";
import { createTestTables, releaseTestDynamo } from "@public-scan/test-support/test-dynamo";
import { createApiHandler } from "../src/compose-api.js";
import { composeStores } from "../src/compose-stores.js";
import { createRecoverHandler } from "../src/compose-recover.js";
import { readLambdaConfig } from "../src/read-config.js";
import { connectTestRedis, deleteKeys, TEST_REDIS, uniqueRedisPrefix } from "@public-scan/test-support/test-redis";
import { API_TIMEOUT_SECONDS, LAMBDA_TABLES, MCP_SCAN_WAIT_SECONDS, tableEnvName } from "../src/settings.js";
import { createDynamoTables } from "@public-scan/storage/dynamodb";
import { createTestScanRecord } from "@public-scan/storage/testing";
import { createMemoryScanStore, PORTS, SCAN_SITE_DEFAULT_WAIT_SECONDS, targetKeyOf } from "@public-scan/core";
import { container } from "tsyringe";

const QUEUE_URL = "https://sqs.eu-west-1.amazonaws.com/123456789012/public-scan-scans";
const SQS_CREDENTIALS = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" };
const tableName = (kind: string) => `example-${kind}`;
const ENV = {
  ...Object.fromEntries(LAMBDA_TABLES.map((kind) => [tableEnvName(kind), tableName(kind)])),
  PUBLIC_SCAN_QUEUE_URL: QUEUE_URL,
  PUBLIC_SCAN_IDENTIFIER_SECRET: "an-example-secret-of-at-least-32-characters",
};
// Every target is public here: no DNS in a test (the deployed function checks targets with the scanner's
// policy). Registered as an embedder registers a port of its own.
const PUBLIC_TARGETS = container.createChildContainer();
PUBLIC_TARGETS.register(PORTS.targetPolicy, { useValue: { check: () => Promise.resolve({ allowed: true as const }) } });

describe("the Lambda deployment's API entry, on dynalite and SQS's protocol", () => {
  let dynamo: Awaited<ReturnType<typeof createTestTables>>;
  beforeAll(async () => {
    dynamo = await createTestTables(createDynamoTables, Object.fromEntries(LAMBDA_TABLES.map((kind) => [kind, tableName(kind)])));
  });
  afterAll(() => releaseTestDynamo());

  const compose = () => {
    const responder = createSqsProtocolResponder({ knownQueueUrl: QUEUE_URL });
    const clients = {
      dynamo: dynamo.clientConfig,
      sqs: { region: "eu-west-1", credentials: SQS_CREDENTIALS, requestHandler: responder.handler },
    };
    return { responder, clients };
  };

  it("stores a scan posted through an HTTP API event in DynamoDB and sends one SQS message for it", async () => {
    const { responder, clients } = compose();
    const handler = createApiHandler({ env: ENV, clients, container: PUBLIC_TARGETS, log: () => undefined });
    const request = new Request("https://ignored.example/api/v2/scans", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: "https://www.example.com/" }),
    });
    const response = await invokeLambdaHandler(handler, request, { kind: "http-api", sourceIp: "203.0.113.40" });

    expect(response.status).toBe(202);
    const body = (await response.json()) as { scanId: string; status: string; links: Record<string, string> };
    expect(body.status).toBe("queued");
    // Links use the event's domain name: no base URL is configured.
    expect(JSON.stringify(body.links)).toContain("https://a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com/");

    const item = await dynamo.admin.send(
      new GetItemCommand({ TableName: tableName("scans"), Key: { pk: { S: `scan#${body.scanId}` } }, ConsistentRead: true }),
    );
    expect(item.Item).toBeDefined();

    const sends = responder.sent.filter((sent) => sent.target === "AmazonSQS.SendMessage");
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body).toMatchObject({ QueueUrl: QUEUE_URL, MessageBody: JSON.stringify({ scanId: body.scanId }) });
  });

  it("uses the scan store an embedder registered instead of DynamoDB, and the defaults for the ports it did not", async () => {
    const { responder, clients } = compose();
    const scans = createMemoryScanStore();
    const embedder = PUBLIC_TARGETS.createChildContainer();
    embedder.register(PORTS.scanStore, { useValue: scans });
    const handler = createApiHandler({ env: ENV, clients, container: embedder, log: () => undefined });
    const request = new Request("https://ignored.example/api/v2/scans", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: "https://www.embedder.example/" }),
    });
    const response = await invokeLambdaHandler(handler, request, { kind: "http-api", sourceIp: "203.0.113.45" });
    expect(response.status).toBe(202);
    const { scanId } = (await response.json()) as { scanId: string };
    expect(await scans.get(scanId)).toMatchObject({ scanId, status: "queued" });
    const item = await dynamo.admin.send(
      new GetItemCommand({ TableName: tableName("scans"), Key: { pk: { S: `scan#${scanId}` } }, ConsistentRead: true }),
    );
    expect(item.Item).toBeUndefined();
    // The queue was not replaced: SQS's default got the job.
    expect(responder.sent.filter((sent) => sent.target === "AmazonSQS.SendMessage")).toHaveLength(1);
  });

  it("gives a scan that ended a TTL of its end plus 30 days (the documented retention), and an active one none", async () => {
    const { clients } = compose();
    const scans = (await composeStores(readLambdaConfig(ENV), clients)).scans();
    const ended = createTestScanRecord({ scanId: "scan_ttl_ended", status: "failed", completedAt: "2026-03-01T00:00:00.000Z" });
    const running = createTestScanRecord({ scanId: "scan_ttl_running", status: "running", url: "https://running.example/" });
    for (const record of [ended, running]) expect(await scans.create(record, { targetKey: targetKeyOf(record) })).toBe(true);
    const ttlOf = async (scanId: string) =>
      (
        await dynamo.admin.send(
          new GetItemCommand({ TableName: tableName("scans"), Key: { pk: { S: `scan#${scanId}` } }, ConsistentRead: true }),
        )
      ).Item?.expiresAt;
    expect(await ttlOf("scan_ttl_ended")).toStrictEqual({ N: String(Date.parse("2026-03-31T00:00:00.000Z") / 1000) });
    expect(await ttlOf("scan_ttl_running")).toBeUndefined();
    await scans.close();
  });

  it("answers MCP Light statelessly with one JSON body per POST", async () => {
    const { clients } = compose();
    const handler = createApiHandler({ env: ENV, clients, container: PUBLIC_TARGETS, log: () => undefined });
    const request = new Request("https://ignored.example/mcp/light", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "test", version: "0" } },
      }),
    });
    const response = await invokeLambdaHandler(handler, request, { kind: "function-url", sourceIp: "203.0.113.41" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("mcp-session-id")).toBeNull();
    expect(((await response.json()) as { result: { serverInfo: unknown } }).result.serverInfo).toBeDefined();
  });

  it("answers MCP's scan tool with the job and its scanId within the function's timeout, when the scan takes longer", async () => {
    // The deployed wait (MCP_SCAN_WAIT_SECONDS) leaves a cold start and the answer inside the stack's timeout.
    expect(MCP_SCAN_WAIT_SECONDS + 5).toBeLessThan(API_TIMEOUT_SECONDS);
    expect(SCAN_SITE_DEFAULT_WAIT_SECONDS).toBeGreaterThan(API_TIMEOUT_SECONDS);
    const { clients } = compose();
    // The worker function runs scans; here none does, so the scan stays queued past the (shortened) wait.
    const handler = createApiHandler({ env: ENV, clients, container: PUBLIC_TARGETS, log: () => undefined, mcpScanWaitSeconds: 1 });
    const request = new Request("https://ignored.example/mcp/light", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "service_scan_site", arguments: { url: "https://www.lambda-wait.example/" } },
      }),
    });
    const started = Date.now();
    const response = await invokeLambdaHandler(handler, request, { kind: "function-url", sourceIp: "203.0.113.42" });
    expect(Date.now() - started).toBeLessThan(API_TIMEOUT_SECONDS * 1000);
    const { result } = (await response.json()) as { result: { structuredContent: Record<string, unknown> } };
    expect(result.structuredContent).toMatchObject({
      type: "service_scan_job",
      status: "queued",
      recommendedNextTool: "service_get_scan_status",
    });
    expect(result.structuredContent.scanId).toEqual(expect.any(String));
  });

  it("runs the scheduled recovery over the scans table, re-sending the job of a scan still queued", async () => {
    // Tables of its own, so what other tests queued does not count here.
    const own = (kind: string) => `recover-${kind}`;
    await createTestTables(createDynamoTables, Object.fromEntries(LAMBDA_TABLES.map((kind) => [kind, own(kind)])));
    const env = { ...ENV, ...Object.fromEntries(LAMBDA_TABLES.map((kind) => [tableEnvName(kind), own(kind)])) };
    const api = compose();
    const handler = createApiHandler({ env, clients: api.clients, container: PUBLIC_TARGETS, log: () => undefined });
    const request = new Request("https://ignored.example/api/v2/scans", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: "https://www.example.org/" }),
    });
    const created = await invokeLambdaHandler(handler, request, { kind: "function-url", sourceIp: "203.0.113.42" });
    const { scanId } = (await created.json()) as { scanId: string };

    const { responder, clients } = compose();
    const recover = createRecoverHandler({ env: { ...env, PUBLIC_SCAN_BASE_URL: "https://scan.example.org" }, clients });
    // A duplicate message is harmless: the worker runs a scan only while it is queued.
    expect(await recover()).toEqual({ requeued: 1, failed: 0, discarded: 0 });
    const sends = responder.sent.filter((sent) => sent.target === "AmazonSQS.SendMessage");
    expect(sends.map((sent) => sent.body.MessageBody)).toEqual([JSON.stringify({ scanId })]);
  });

  it("keeps its stores on Redis (ElastiCache) instead when PUBLIC_SCAN_REDIS_URL is set, and needs no table then", async () => {
    const prefix = uniqueRedisPrefix("lambda-redis");
    const admin = await connectTestRedis();
    try {
      const { responder, clients } = compose();
      const env = {
        PUBLIC_SCAN_QUEUE_URL: QUEUE_URL,
        PUBLIC_SCAN_IDENTIFIER_SECRET: ENV.PUBLIC_SCAN_IDENTIFIER_SECRET,
        PUBLIC_SCAN_REDIS_URL: `redis://${TEST_REDIS.host}:${TEST_REDIS.port}`,
        PUBLIC_SCAN_REDIS_PREFIX: prefix,
      };
      const handler = createApiHandler({ env, clients, container: PUBLIC_TARGETS, log: () => undefined });
      const request = new Request("https://ignored.example/api/v2/scans", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ url: "https://www.example.net/" }),
      });
      const response = await invokeLambdaHandler(handler, request, { kind: "function-url", sourceIp: "203.0.113.43" });
      expect(response.status).toBe(202);
      const { scanId } = (await response.json()) as { scanId: string };
      expect(JSON.parse((await admin.hget(`${prefix}scan:r:${scanId}`, "record"))!)).toMatchObject({ scanId, status: "queued" });
      expect(responder.sent.filter((sent) => sent.target === "AmazonSQS.SendMessage")).toHaveLength(1);
      expect(() => readLambdaConfig({ ...env, PUBLIC_SCAN_REDIS_URL: "http://nope" })).toThrow(/redis:\/\//);
    } finally {
      await deleteKeys(admin, prefix);
      admin.disconnect();
    }
  });

  it("takes the service's support address, upgrade message and regions from its environment, as the reference server does", async () => {
    const { clients } = compose();
    const env = {
      ...ENV,
      PUBLIC_SCAN_SUPPORT_EMAIL: "help@scan.example.org",
      PUBLIC_SCAN_UPGRADE_MESSAGE: "Ask help@scan.example.org for scan:create.",
      PUBLIC_SCAN_SCAN_REGIONS: "eu_ie,us_east",
    };
    const handler = createApiHandler({ env, clients, container: PUBLIC_TARGETS, log: () => undefined });
    const post = async (body: unknown) => {
      const request = new Request("https://ignored.example/api/v2/scans", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return await invokeLambdaHandler(handler, request, { kind: "function-url", sourceIp: "203.0.113.44" });
    };
    const created = (await (await post({ url: "https://www.regions.example/", scanFrom: "us_east" })).json()) as Record<string, unknown>;
    expect(created).toMatchObject({
      type: "service_scan_job",
      upgradeSupportEmail: "help@scan.example.org",
      upgradeMessage: "Ask help@scan.example.org for scan:create.",
    });
    const refused = (await (await post({ url: "https://www.regions.example/", scanFrom: "ap_south" })).json()) as {
      error: { message: string };
    };
    expect(refused.error.message).toMatch(/eu_ie, us_east/);
    expect(() => readLambdaConfig({ ...ENV, PUBLIC_SCAN_SCAN_REGIONS: "EU" })).toThrow(/PUBLIC_SCAN_SCAN_REGIONS/);
  });

  it("refuses a missing or short setting by name", () => {
    expect(() => readLambdaConfig({ ...ENV, PUBLIC_SCAN_QUEUE_URL: undefined })).toThrow(/PUBLIC_SCAN_QUEUE_URL is not set/);
    expect(() => readLambdaConfig({ ...ENV, PUBLIC_SCAN_SCANS_TABLE: "" })).toThrow(/PUBLIC_SCAN_SCANS_TABLE is not set/);
    expect(() => readLambdaConfig({ ...ENV, PUBLIC_SCAN_IDENTIFIER_SECRET: "short" })).toThrow(/at least 32/);
    expect(readLambdaConfig({ ...ENV, PUBLIC_SCAN_BASE_URL: "https://scan.example.org/" }).baseUrl).toBe("https://scan.example.org");
  });
});
