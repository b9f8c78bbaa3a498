import { execFile } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { App } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvokeMode } from "aws-cdk-lib/aws-lambda";
import { PublicScanStack, STORE_ACTIONS, TIMINGS, type PublicScanStackProps } from "../infra/public-scan-stack.js";
import { DYNAMO_TABLES, SCAN_JOB_DEADLINE_MS, WORKER_SAFETY_MARGIN_MS } from "../src/settings.js";

type Resource = { Type: string; Properties: Record<string, unknown> };
type Statement = { Action: string | string[]; Resource: unknown; Effect: string };

describe("the Lambda deployment's CDK stack (synthesized offline)", () => {
  // Assets must exist at synth: a placeholder bundle per function (the bundles themselves are checked in bundle.test.ts).
  const bundleDir = mkdtempSync(join(tmpdir(), "public-scan-cdk-"));
  let template: Template;
  let resources: Record<string, Resource>;
  const ofType = (type: string) => Object.entries(resources).filter(([, resource]) => resource.Type === type);
  const functionId = (prefix: string) => ofType("AWS::Lambda::Function").find(([id]) => id.startsWith(prefix))![0];

  /** The bundle a function's code asset was staged from: each placeholder names its folder. */
  const bundleOf = (outdir: string, fn: Resource & { Metadata?: Record<string, string> }) =>
    readFileSync(join(outdir, fn.Metadata!["aws:asset:path"]!, "index.mjs"), "utf8").match(/bundle (\S+)/)?.[1];
  const synth = (id: string, props: Partial<PublicScanStackProps> = {}) => {
    const outdir = join(bundleDir, `cdk.out-${id}`);
    const app = new App({ outdir, context: { "aws:cdk:enable-asset-metadata": true } });
    return { outdir, template: Template.fromStack(new PublicScanStack(app, "PublicScan", { bundleDir, ...props })) };
  };
  let outdir: string;

  beforeAll(() => {
    for (const name of ["api", "api-streaming", "worker", "recover", "monitor"]) {
      mkdirSync(join(bundleDir, name));
      writeFileSync(join(bundleDir, name, "index.mjs"), `// bundle ${name}\nexport const handler = () => undefined;\n`);
    }
    ({ outdir, template } = synth("default"));
    resources = template.toJSON().Resources as Record<string, Resource>;
  });
  afterAll(() => rmSync(bundleDir, { recursive: true, force: true }));

  it("creates the tables of DYNAMO_TABLES: on demand, point-in-time recovery, TTL, their indexes keys-only", () => {
    template.resourceCountIs("AWS::DynamoDB::Table", 5);
    template.hasResourceProperties("AWS::DynamoDB::Table", {
      BillingMode: "PAY_PER_REQUEST",
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      GlobalSecondaryIndexes: DYNAMO_TABLES.scans.indexes.map((index) =>
        Match.objectLike({ IndexName: index.name, Projection: { ProjectionType: "KEYS_ONLY" } }),
      ),
    });
    template.hasResourceProperties("AWS::DynamoDB::Table", {
      KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
      TimeToLiveSpecification: { AttributeName: DYNAMO_TABLES.counters.timeToLiveAttribute, Enabled: true },
    });
    for (const [, table] of ofType("AWS::DynamoDB::Table")) {
      expect(table).toMatchObject({
        DeletionPolicy: "Retain",
        Properties: { PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } },
      });
    }
  });

  it("creates the audit table of the operator's key commands and outputs it with the keys table, for pnpm keys", () => {
    const [auditId] = ofType("AWS::DynamoDB::Table").find(([id]) => id.startsWith("AuditTable"))!;
    expect(resources[auditId]!.Properties).toMatchObject({
      KeySchema: [
        { AttributeName: DYNAMO_TABLES.audit.partitionKey, KeyType: "HASH" },
        { AttributeName: DYNAMO_TABLES.audit.sortKey, KeyType: "RANGE" },
      ],
      BillingMode: "PAY_PER_REQUEST",
    });
    template.hasOutput("AuditTableName", { Value: { Ref: auditId } });
    template.hasOutput("KeysTableName", { Value: { Ref: ofType("AWS::DynamoDB::Table").find(([id]) => id.startsWith("KeysTable"))![0] } });
  });

  it("puts the scan queue in front of a dead-letter queue and alarms on it", () => {
    // The scan queue and the monitor tick queue, each with its dead-letter queue.
    template.resourceCountIs("AWS::SQS::Queue", 4);
    template.hasResourceProperties("AWS::SQS::Queue", {
      VisibilityTimeout: TIMINGS.visibilityTimeout.toSeconds(),
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: TIMINGS.maxReceiveCount },
    });
    template.hasResourceProperties("AWS::CloudWatch::Alarm", {
      MetricName: "ApproximateNumberOfMessagesVisible",
      Namespace: "AWS/SQS",
      Threshold: 1,
      ComparisonOperator: "GreaterThanOrEqualToThreshold",
      AlarmActions: [Match.anyValue()],
    });
  });

  it("derives the timeouts from the scan deadline", () => {
    const worker = resources[functionId("WorkerFunction")]!.Properties;
    expect(worker.Timeout).toBeGreaterThan((SCAN_JOB_DEADLINE_MS + WORKER_SAFETY_MARGIN_MS) / 1000);
    expect(worker.Timeout).toBe(TIMINGS.workerTimeout.toSeconds());
    expect(TIMINGS.visibilityTimeout.toSeconds()).toBe(6 * (worker.Timeout as number));
    expect(worker).toMatchObject({ MemorySize: 2048, EphemeralStorage: { Size: 1024 } });
    for (const [, fn] of ofType("AWS::Lambda::Function")) {
      expect(fn.Properties).toMatchObject({ Runtime: "nodejs22.x", Handler: "index.handler" });
    }
  });

  it("runs the worker (Chromium, x64 only in @sparticuz/chromium's npm package) on x86_64, the API and the recovery on arm64", () => {
    expect(resources[functionId("WorkerFunction")]!.Properties.Architectures).toEqual(["x86_64"]);
    expect(resources[functionId("ApiFunction")]!.Properties.Architectures).toEqual(["arm64"]);
    expect(resources[functionId("RecoverFunction")]!.Properties.Architectures).toEqual(["arm64"]);
  });

  it("feeds the worker one message at a time, reporting partial batch failures", () => {
    template.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      FunctionName: { Ref: functionId("WorkerFunction") },
      BatchSize: 1,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
      ScalingConfig: { MaximumConcurrency: 10 },
    });
  });

  it("streams the API's answers by default: a RESPONSE_STREAM Function URL on the streaming bundle", () => {
    template.hasResourceProperties("AWS::Lambda::Url", { InvokeMode: "RESPONSE_STREAM" });
    expect(bundleOf(outdir, resources[functionId("ApiFunction")]!)).toBe("api-streaming");
    expect(bundleOf(outdir, resources[functionId("WorkerFunction")]!)).toBe("worker");
  });

  it("deploys the buffered API bundle on a BUFFERED Function URL when apiInvokeMode says so", () => {
    const buffered = synth("buffered", { apiInvokeMode: InvokeMode.BUFFERED });
    buffered.template.hasResourceProperties("AWS::Lambda::Url", { InvokeMode: "BUFFERED" });
    const functions = buffered.template.findResources("AWS::Lambda::Function");
    const [, api] = Object.entries(functions).find(([id]) => id.startsWith("ApiFunction"))!;
    expect(bundleOf(buffered.outdir, api as Resource)).toBe("api");
  });

  it("serves the API on a public Function URL and runs the recovery on a schedule", () => {
    template.hasResourceProperties("AWS::Lambda::Url", { AuthType: "NONE", TargetFunctionArn: Match.anyValue() });
    template.hasOutput("ApiUrl", { Value: { "Fn::GetAtt": [Match.anyValue(), "FunctionUrl"] } });
    template.hasResourceProperties("AWS::Events::Rule", {
      ScheduleExpression: `rate(${TIMINGS.recoverEvery.toMinutes()} minutes)`,
      Targets: [Match.objectLike({ Arn: { "Fn::GetAtt": [functionId("RecoverFunction"), "Arn"] } })],
    });
  });

  it("schedules monitors in their own group, sending ticks to a queue only Scheduler's role may send to, run by the monitor function", () => {
    const [, group] = ofType("AWS::Scheduler::ScheduleGroup")[0]!;
    const [roleId, role] = ofType("AWS::IAM::Role").find(([id]) => id.startsWith("MonitorSchedulerRole"))!;
    const [ticksId] = ofType("AWS::SQS::Queue").find(([id]) => id.startsWith("MonitorTicks") && !id.includes("DeadLetter"))!;
    expect(role.Properties.AssumeRolePolicyDocument).toMatchObject({
      Statement: [
        {
          Action: "sts:AssumeRole",
          Principal: { Service: "scheduler.amazonaws.com" },
          Condition: { StringEquals: { "aws:SourceAccount": { Ref: "AWS::AccountId" } } },
        },
      ],
    });
    const roleStatements = ofType("AWS::IAM::Policy")
      .filter(([id]) => id.startsWith("MonitorSchedulerRole"))
      .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
    expect(roleStatements).toEqual([expect.objectContaining({ Action: "sqs:SendMessage", Resource: { "Fn::GetAtt": [ticksId, "Arn"] } })]);
    template.hasResourceProperties("AWS::SQS::Queue", {
      VisibilityTimeout: TIMINGS.monitorVisibilityTimeout.toSeconds(),
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: TIMINGS.monitorMaxReceiveCount },
    });
    expect(TIMINGS.monitorVisibilityTimeout.toSeconds()).toBeGreaterThan(TIMINGS.monitorTimeout.toSeconds());
    const monitor = resources[functionId("MonitorFunction")]!.Properties;
    expect(monitor).toMatchObject({ Timeout: TIMINGS.monitorTimeout.toSeconds(), Architectures: ["arm64"] });
    template.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      FunctionName: { Ref: functionId("MonitorFunction") },
      EventSourceArn: { "Fn::GetAtt": [ticksId, "Arn"] },
      BatchSize: 1,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
    });
    expect(bundleOf(outdir, resources[functionId("MonitorFunction")]!)).toBe("monitor");
    // The API and the monitor function know where schedules go; the worker and the recovery do not need to.
    for (const prefix of ["ApiFunction", "MonitorFunction"]) {
      const variables = (resources[functionId(prefix)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables, prefix).toMatchObject({
        PUBLIC_SCAN_MONITOR_SCHEDULE_GROUP: group.Properties.Name,
        PUBLIC_SCAN_MONITOR_TICK_QUEUE_ARN: { "Fn::GetAtt": [ticksId, "Arn"] },
        PUBLIC_SCAN_MONITOR_SCHEDULER_ROLE_ARN: { "Fn::GetAtt": [roleId, "Arn"] },
      });
    }
    // Scheduler's role is passed only by the API, only to Scheduler; schedules are changed in the group only.
    const apiStatements = ofType("AWS::IAM::Policy")
      .filter(([id]) => id.startsWith("ApiFunction"))
      .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Array<Statement & { Condition?: unknown }> }).Statement);
    expect(apiStatements.find((statement) => statement.Action === "iam:PassRole")).toMatchObject({
      Resource: { "Fn::GetAtt": [roleId, "Arn"] },
      Condition: { StringEquals: { "iam:PassedToService": "scheduler.amazonaws.com" } },
    });
    const scheduleResources = apiStatements
      .filter((statement) => [statement.Action].flat().some((action) => action.startsWith("scheduler:")))
      .map((statement) => JSON.stringify(statement.Resource));
    expect(scheduleResources.length).toBeGreaterThan(0);
    for (const resource of scheduleResources) expect(resource).toContain(`:schedule/${group.Properties.Name as string}/*`);
    template.resourceCountIs("AWS::CloudWatch::Alarm", 2);
  });

  it("keeps logs for a set time", () => {
    template.resourceCountIs("AWS::Logs::LogGroup", 4);
    template.allResourcesProperties("AWS::Logs::LogGroup", { RetentionInDays: 30 });
    // JSON lines: level, time and request id on each, queryable in Logs Insights.
    template.allResourcesProperties("AWS::Lambda::Function", { LoggingConfig: Match.objectLike({ LogFormat: "JSON" }) });
  });

  it("grants each function only the tables and queue actions it uses, on those resources only", () => {
    const statements = (prefix: string) =>
      ofType("AWS::IAM::Policy")
        .filter(([id]) => id.startsWith(prefix))
        .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
    const actions = (prefix: string) => new Set(statements(prefix).flatMap((statement) => [statement.Action].flat()));
    const tablesOf = (prefix: string) =>
      new Set(
        statements(prefix)
          .filter((statement) => [statement.Action].flat().some((action) => action.startsWith("dynamodb:")))
          .flatMap((statement) => [statement.Resource].flat())
          .map((resource) => JSON.stringify(resource).match(/"(\w+Table\w+)"/)?.[1]),
      );
    for (const prefix of ["ApiFunction", "WorkerFunction", "RecoverFunction", "MonitorFunction"]) {
      for (const statement of statements(prefix)) {
        expect(statement.Effect).toBe("Allow");
        expect(JSON.stringify(statement.Resource)).not.toBe('"*"');
        for (const action of [statement.Action].flat()) expect(action).not.toMatch(/\*/);
      }
    }
    const SECRET_READ = ["secretsmanager:GetSecretValue"];
    const SCHEDULES = ["scheduler:CreateSchedule", "scheduler:UpdateSchedule", "scheduler:DeleteSchedule"];
    expect(actions("ApiFunction")).toEqual(new Set([...STORE_ACTIONS, "sqs:SendMessage", ...SECRET_READ, ...SCHEDULES, "iam:PassRole"]));
    expect([...tablesOf("ApiFunction")].map((id) => id?.replace(/Table.*/, "")).sort()).toEqual(["Counters", "Keys", "Monitors", "Scans"]);
    // The monitor function creates scans as the API does, and only deletes schedules (a disabled monitor's).
    expect([...tablesOf("MonitorFunction")].map((id) => id?.replace(/Table.*/, "")).sort()).toEqual([
      "Counters",
      "Keys",
      "Monitors",
      "Scans",
    ]);
    expect(actions("MonitorFunction")).toEqual(
      new Set([
        ...STORE_ACTIONS,
        "sqs:SendMessage",
        ...SECRET_READ,
        "scheduler:DeleteSchedule",
        // Its tick queue, added by the event source mapping.
        "sqs:ReceiveMessage",
        "sqs:ChangeMessageVisibility",
        "sqs:GetQueueUrl",
        "sqs:DeleteMessage",
        "sqs:GetQueueAttributes",
      ]),
    );
    expect(actions("RecoverFunction")).toEqual(new Set([...STORE_ACTIONS, "sqs:SendMessage", ...SECRET_READ]));
    expect([...tablesOf("WorkerFunction")].map((id) => id?.replace(/Table.*/, ""))).toEqual(["Scans"]);
    // The audit table is the operator's: no function appends to it (the Lambda API serves no key request).
    expect([...tablesOf("RecoverFunction")].map((id) => id?.replace(/Table.*/, ""))).toEqual(["Scans"]);
    // The worker also consumes the queue (added by the event source mapping).
    expect(actions("WorkerFunction")).toEqual(
      new Set([
        ...STORE_ACTIONS,
        "sqs:SendMessage",
        "sqs:ReceiveMessage",
        "sqs:ChangeMessageVisibility",
        "sqs:GetQueueUrl",
        "sqs:DeleteMessage",
        "sqs:GetQueueAttributes",
        ...SECRET_READ,
      ]),
    );
  });

  it("gives the functions the identifier secret's ARN and the right to read it, never its value or a dynamic reference", () => {
    const [secretId] = ofType("AWS::SecretsManager::Secret")[0]!;
    template.hasResourceProperties("AWS::SecretsManager::Secret", { GenerateSecretString: Match.objectLike({ PasswordLength: 48 }) });
    expect(JSON.stringify(template.toJSON())).not.toContain("{{resolve:");
    for (const prefix of ["ApiFunction", "WorkerFunction", "RecoverFunction", "MonitorFunction"]) {
      const variables = (resources[functionId(prefix)]!.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables, prefix).not.toHaveProperty("PUBLIC_SCAN_IDENTIFIER_SECRET");
      expect(variables.PUBLIC_SCAN_IDENTIFIER_SECRET_ARN, prefix).toEqual({ Ref: secretId });
      const reads = ofType("AWS::IAM::Policy")
        .filter(([id]) => id.startsWith(prefix))
        .flatMap(([, policy]) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement)
        .filter((statement) => [statement.Action].flat().includes("secretsmanager:GetSecretValue"));
      expect(
        reads.map((statement) => statement.Resource),
        prefix,
      ).toEqual([{ Ref: secretId }]);
    }
  });

  it("synthesizes through the app cdk.json runs, offline, without AWS credentials (here with -c apiInvokeMode=BUFFERED)", async () => {
    const outdir = join(bundleDir, "synth");
    // CDK_CONTEXT_JSON is how the CDK CLI hands `-c key=value` to the app.
    const context = JSON.stringify({ apiInvokeMode: "BUFFERED" });
    const env = { PATH: process.env.PATH ?? "", CDK_OUTDIR: outdir, PUBLIC_SCAN_BUNDLE_DIR: bundleDir, CDK_CONTEXT_JSON: context };
    await promisify(execFile)(process.execPath, [fileURLToPath(new URL("../infra/run-app.mjs", import.meta.url))], {
      env,
      timeout: 60_000,
    });
    expect(existsSync(join(outdir, "PublicScan.template.json"))).toBe(true);
    const synthesized = JSON.parse(readFileSync(join(outdir, "PublicScan.template.json"), "utf8")) as {
      Resources: Record<string, Resource>;
    };
    expect(Object.values(synthesized.Resources).filter((resource) => resource.Type === "AWS::Lambda::Function")).toHaveLength(4);
    expect(Object.values(synthesized.Resources).find((resource) => resource.Type === "AWS::Lambda::Url")?.Properties).toMatchObject({
      InvokeMode: "BUFFERED",
    });
  }, 90_000);
});
