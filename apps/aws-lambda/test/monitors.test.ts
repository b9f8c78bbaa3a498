import "reflect-metadata";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { GetItemCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueApiKey, PORTS, targetKeyOf } from "@public-scan/core";
import { createWebhookSender } from "@public-scan/scanner";
import { createDynamoTables } from "@public-scan/storage/dynamodb";
import { createTestScanRecord } from "@public-scan/storage/testing";
import { invokeLambdaHandler, TEST_CONTEXT } from "@public-scan/test-support/lambda-events";
import { createSchedulerProtocolResponder } from "@public-scan/test-support/scheduler-protocol-responder";
import { createSqsProtocolResponder } from "@public-scan/test-support/sqs-protocol-responder";
import { createTestTables, releaseTestDynamo } from "@public-scan/test-support/test-dynamo";
import { container } from "tsyringe";
import { createApiHandler } from "../src/compose-api.js";
import { createMonitorTickHandler } from "../src/compose-monitor.js";
import { composeStores } from "../src/compose-stores.js";
import { readLambdaConfig } from "../src/read-config.js";
import { LAMBDA_TABLES, MONITOR_SAFETY_MARGIN_MS, tableEnvName } from "../src/settings.js";

const REGION = "eu-west-1";
const ACCOUNT = "123456789012";
const QUEUE_URL = `https://sqs.${REGION}.amazonaws.com/${ACCOUNT}/public-scan-scans`;
const TICK_QUEUE_ARN = `arn:aws:sqs:${REGION}:${ACCOUNT}:public-scan-monitor-ticks`;
const SCHEDULER_ROLE_ARN = `arn:aws:iam::${ACCOUNT}:role/public-scan-monitor-scheduler`;
const CREDENTIALS = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" };
const tableName = (kind: string) => `monitors-${kind}`;
const ENV = {
  ...Object.fromEntries(LAMBDA_TABLES.map((kind) => [tableEnvName(kind), tableName(kind)])),
  PUBLIC_SCAN_QUEUE_URL: QUEUE_URL,
  PUBLIC_SCAN_BASE_URL: "https://scan.example.org",
  PUBLIC_SCAN_IDENTIFIER_SECRET: "an-example-secret-of-at-least-32-characters",
  PUBLIC_SCAN_MONITOR_SCHEDULE_GROUP: "public-scan-monitors",
  PUBLIC_SCAN_MONITOR_TICK_QUEUE_ARN: TICK_QUEUE_ARN,
  PUBLIC_SCAN_MONITOR_SCHEDULER_ROLE_ARN: SCHEDULER_ROLE_ARN,
  // The receiver below is plain http on loopback: allowed by the operator here, as a deployment's own test would.
  PUBLIC_SCAN_WEBHOOKS_ALLOW_HTTP: "true",
};

/** A webhook receiver on loopback answering each request with the next status of `answers` (the last one from then on). */
async function startReceiver(answers: number[]): Promise<{ server: Server; port: number; received: IncomingHttpHeaders[] }> {
  const received: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received.push(request.headers);
      response.writeHead(answers[Math.min(received.length - 1, answers.length - 1)]!).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
}

describe("monitors in the Lambda deployment: schedules on EventBridge Scheduler, ticks on the monitor function", () => {
  let dynamo: Awaited<ReturnType<typeof createTestTables>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const scheduler = createSchedulerProtocolResponder({ region: REGION, account: ACCOUNT });
  const sqs = createSqsProtocolResponder({ knownQueueUrl: QUEUE_URL });
  // Every target is public here (no DNS in a test); the receiver's host is pinned to loopback and allowed,
  // as an operator allows a private receiver. Registered as an embedder registers its own ports.
  const ports = container.createChildContainer();
  ports.register(PORTS.targetPolicy, { useValue: { check: () => Promise.resolve({ allowed: true as const }) } });
  ports.register(PORTS.webhookSender, {
    useValue: createWebhookSender({
      resolve: ["hooks.test=127.0.0.1"],
      allowPrivateTargets: ["hooks.test"],
      allowHttp: true,
      // One retry, a minute later: longer than an invocation has left in the test below.
      retryDelaysMs: [60_000],
    }),
  });
  let clients: Parameters<typeof createApiHandler>[0]["clients"];
  let token: string;

  beforeAll(async () => {
    dynamo = await createTestTables(createDynamoTables, Object.fromEntries(LAMBDA_TABLES.map((kind) => [kind, tableName(kind)])));
    clients = {
      dynamo: dynamo.clientConfig,
      sqs: { region: REGION, credentials: CREDENTIALS, requestHandler: sqs.handler },
      scheduler: { region: REGION, credentials: CREDENTIALS, requestHandler: scheduler.handler },
    };
    const keys = (await composeStores(readLambdaConfig(ENV), clients)).keys();
    const issued = await issueApiKey(
      { keys, clock: { now: () => Date.now() }, supportEmail: "support@scan.example.org" },
      { kind: "support", scopes: ["scan:read", "monitor:write"] },
    );
    token = issued.resource.key;
    receiver = await startReceiver([503, 204]);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
    await releaseTestDynamo();
  });

  const api = () => createApiHandler({ env: ENV, clients, container: ports, log: () => undefined });
  const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
    invokeLambdaHandler(
      api(),
      new Request(`https://scan.example.org${path}`, {
        method: init.method ?? "GET",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      }),
      { kind: "function-url", sourceIp: "203.0.113.60" },
    );
  /** One tick as Scheduler sends it, consumed by the monitor function with `remainingMs` left in its invocation. */
  const tick = (monitorId: string, remainingMs: number) =>
    createMonitorTickHandler({ env: ENV, clients, container: ports, log: () => undefined })(
      {
        Records: [{ messageId: "tick-1", body: JSON.stringify({ monitorId, scheduledAt: "2026-12-07T10:00:00Z" }), attributes: {} }],
      } as never,
      { ...TEST_CONTEXT, getRemainingTimeInMillis: () => remainingMs },
    );

  let monitorId: string;

  it("creates a monitor through the API: stored in its table, with one schedule in the deployment's group that sends ticks to the tick queue", async () => {
    const response = await call("/api/v2/monitors", {
      method: "POST",
      body: {
        url: "https://www.daily-courier.example/",
        schedule: { kind: "interval", everySeconds: 3600 },
        webhook: { url: `http://hooks.test:${receiver.port}/scan-events?token=abc` },
      },
    });
    expect(response.status).toBe(201);
    ({ monitorId } = (await response.json()) as { monitorId: string });
    const item = await dynamo.admin.send(
      new GetItemCommand({ TableName: tableName("monitors"), Key: { pk: { S: `monitor#${monitorId}` } }, ConsistentRead: true }),
    );
    expect(item.Item).toBeDefined();
    // The receiver's token is sealed in the table, never in clear.
    expect(JSON.stringify(item.Item)).not.toContain("token=abc");
    const created = scheduler.sent.filter((request) => request.method === "POST");
    expect(created).toEqual([
      expect.objectContaining({
        path: `/schedules/${monitorId}`,
        body: expect.objectContaining({
          GroupName: "public-scan-monitors",
          ScheduleExpression: "rate(60 minutes)",
          Target: expect.objectContaining({ Arn: TICK_QUEUE_ARN, RoleArn: SCHEDULER_ROLE_ARN }),
        }),
      }),
    ]);
    const listed = (await (await call("/api/v2/monitors")).json()) as { monitors: Array<{ monitorId: string }> };
    expect(listed.monitors.map((monitor) => monitor.monitorId)).toEqual([monitorId]);
  });

  it("runs a tick: the scan is created on the API's path, the message given back while it scans and while its delivery waits to retry, then delivered", async () => {
    // The invocation has no time to follow the scan: the run is left running and its message given back.
    const first = await tick(monitorId, MONITOR_SAFETY_MARGIN_MS + 200);
    expect(first).toEqual({ batchItemFailures: [{ itemIdentifier: "tick-1" }] });
    const sends = sqs.sent.filter((sent) => sent.target === "AmazonSQS.SendMessage");
    expect(sends).toHaveLength(1);
    const { scanId } = JSON.parse(sends[0]!.body.MessageBody as string) as { scanId: string };

    // The worker function scans it (written here as a worker would write its end).
    const scans = (await composeStores(readLambdaConfig(ENV), clients)).scans();
    const queued = (await scans.get(scanId))!;
    const done = {
      ...createTestScanRecord({ scanId, status: "completed", url: queued.url, scanFrom: queued.scanFrom }),
      createdAt: queued.createdAt,
    };
    expect(await scans.update(done, { expectedStatus: "queued", targetKey: targetKeyOf(queued) })).not.toBeNull();

    // The receiver answers 503 and the retry is due in a minute, after this invocation: given back again.
    const second = await tick(monitorId, MONITOR_SAFETY_MARGIN_MS + 5_000);
    expect(second).toEqual({ batchItemFailures: [{ itemIdentifier: "tick-1" }] });
    expect(receiver.received).toHaveLength(1);
    const runs = (await (await call(`/api/v2/monitors/${monitorId}/runs`)).json()) as {
      runs: Array<{ status: string; scanId: string; delivery: { status: string; attempts: number; nextAttemptAt: string | null } }>;
    };
    expect(runs.runs).toEqual([
      expect.objectContaining({
        status: "running",
        scanId,
        delivery: expect.objectContaining({ status: "pending", attempts: 1, nextAttemptAt: expect.any(String) }),
      }),
    ]);

    // SQS delivers the tick again once the retry is due: the run sends the same message and ends.
    const [run] = await (await composeStores(readLambdaConfig(ENV), clients)).monitors().listRuns(monitorId, 1);
    await (
      await composeStores(readLambdaConfig(ENV), clients)
    )
      .monitors()
      .saveRun({ ...run!, delivery: { ...run!.delivery!, nextAttemptAt: new Date(Date.now() - 1_000).toISOString() } });
    expect(await tick(monitorId, MONITOR_SAFETY_MARGIN_MS + 5_000)).toEqual({ batchItemFailures: [] });
    expect(receiver.received).toHaveLength(2);
    expect(new Set(receiver.received.map((headers) => headers["webhook-id"])).size).toBe(1);
    const after = (await (await call(`/api/v2/monitors/${monitorId}/runs`)).json()) as typeof runs;
    expect(after.runs[0]).toMatchObject({ status: "completed", scanId, delivery: { status: "delivered", attempts: 2 } });
    // One scan for the tick, however many times it was delivered.
    expect(sqs.sent.filter((sent) => sent.target === "AmazonSQS.SendMessage")).toHaveLength(1);
  });

  it("deletes a monitor through the API, and its schedule with it", async () => {
    expect((await call(`/api/v2/monitors/${monitorId}`, { method: "DELETE" })).status).toBe(200);
    expect(scheduler.sent.at(-1)).toMatchObject({
      method: "DELETE",
      path: `/schedules/${monitorId}`,
      query: { groupName: "public-scan-monitors" },
    });
    expect(scheduler.schedules.size).toBe(0);
    expect((await call(`/api/v2/monitors/${monitorId}`)).status).toBe(404);
  });

  it("serves no monitor routes when the deployment does not schedule monitors", async () => {
    const {
      PUBLIC_SCAN_MONITOR_SCHEDULE_GROUP: _group,
      PUBLIC_SCAN_MONITOR_TICK_QUEUE_ARN: _queue,
      PUBLIC_SCAN_MONITOR_SCHEDULER_ROLE_ARN: _role,
      ...without
    } = ENV;
    const handler = createApiHandler({ env: without, clients, container: ports, log: () => undefined });
    const response = await invokeLambdaHandler(
      handler,
      new Request("https://scan.example.org/api/v2/monitors", { headers: { authorization: `Bearer ${token}` } }),
      { kind: "function-url", sourceIp: "203.0.113.61" },
    );
    expect(response.status).toBe(404);
    // A deployment from before monitors has no monitors table, and needs none; one with monitors does.
    const { PUBLIC_SCAN_MONITORS_TABLE: _table, ...beforeMonitors } = without as Record<string, string>;
    expect(readLambdaConfig(beforeMonitors).monitors).toBeUndefined();
    const { PUBLIC_SCAN_MONITORS_TABLE: _same, ...noTable } = ENV as Record<string, string>;
    expect(() => readLambdaConfig(noTable)).toThrow("PUBLIC_SCAN_MONITORS_TABLE is not set");
    expect(() => readLambdaConfig({ ...without, PUBLIC_SCAN_MONITOR_SCHEDULE_GROUP: "public-scan-monitors" })).toThrow(
      /PUBLIC_SCAN_MONITOR_TICK_QUEUE_ARN and PUBLIC_SCAN_MONITOR_SCHEDULER_ROLE_ARN must be set/,
    );
  });
});
