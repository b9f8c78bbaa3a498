import { DEFAULT_SERVICE_CONFIG } from "@public-scan/core";
import { CfnOutput, Duration, RemovalPolicy, Size, Stack, type StackProps } from "aws-cdk-lib";
import * as cloudwatch from "aws-cdk-lib/aws-cloudwatch";
import * as cloudwatchActions from "aws-cdk-lib/aws-cloudwatch-actions";
import * as dynamodb from "aws-cdk-lib/aws-dynamodb";
import * as events from "aws-cdk-lib/aws-events";
import * as iam from "aws-cdk-lib/aws-iam";
import * as targets from "aws-cdk-lib/aws-events-targets";
import * as lambda from "aws-cdk-lib/aws-lambda";
import { SqsEventSource } from "aws-cdk-lib/aws-lambda-event-sources";
import * as logs from "aws-cdk-lib/aws-logs";
import * as scheduler from "aws-cdk-lib/aws-scheduler";
import * as secretsmanager from "aws-cdk-lib/aws-secretsmanager";
import * as sns from "aws-cdk-lib/aws-sns";
import * as sqs from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";
import {
  API_TIMEOUT_SECONDS,
  DYNAMO_TABLES,
  ENV,
  LAMBDA_TABLES,
  MONITOR_TIMEOUT_SECONDS,
  SCAN_JOB_DEADLINE_MS,
  tableEnvName,
  WORKER_COLD_START_MS,
  WORKER_SAFETY_MARGIN_MS,
  type LambdaTableKind,
} from "../src/settings.js";

export interface PublicScanStackProps extends StackProps {
  /**
   * The folder holding the bundles, one subfolder per function (`api-streaming` or `api`, `worker`, `recover`, `monitor`):
   * scripts/bundle.ts's dist/.
   */
  readonly bundleDir: string;
  /**
   * How the API's Function URL answers (default RESPONSE_STREAM, with the `api-streaming` bundle: bodies are
   * streamed and may exceed the 6 MB of a buffered answer). BUFFERED deploys the `api` bundle, whose handler
   * also suits an API Gateway HTTP API in front of the function (API Gateway cannot stream).
   */
  readonly apiInvokeMode?: lambda.InvokeMode;
  /** The public base URL (a custom domain in front of the Function URL). Default: the Function URL. */
  readonly baseUrl?: string;
  /** Worker invocations at the same time, so browsers at the same time (default 10). */
  readonly workerConcurrency?: number;
  /** Monitor function invocations at the same time, so runs followed at the same time (default 5). */
  readonly monitorConcurrency?: number;
  /** How long the functions' logs are kept (default one month). */
  readonly logRetention?: logs.RetentionDays;
}

/**
 * The timings, derived from the scan deadline (README.md "Timeouts"): the worker's timeout holds one scan,
 * the margin the handler keeps to write an expired scan, and a cold start (Chromium unpacked and launched);
 * the queue hides a message six times that long (AWS's advice for SQS event sources), so it is not delivered
 * again while its scan still runs; the recovery runs every half `staleAfterSeconds`, as the servers' sweep does.
 */
export const TIMINGS = {
  workerTimeout: Duration.millis(SCAN_JOB_DEADLINE_MS + WORKER_SAFETY_MARGIN_MS + WORKER_COLD_START_MS),
  visibilityTimeout: Duration.millis(6 * (SCAN_JOB_DEADLINE_MS + WORKER_SAFETY_MARGIN_MS + WORKER_COLD_START_MS)),
  apiTimeout: Duration.seconds(API_TIMEOUT_SECONDS),
  recoverTimeout: Duration.seconds(60),
  recoverEvery: Duration.minutes(Math.max(1, Math.floor(DEFAULT_SERVICE_CONFIG.staleAfterSeconds / 2 / 60))),
  /** Deliveries of one message before SQS moves it to the dead-letter queue. */
  maxReceiveCount: 3,
  monitorTimeout: Duration.seconds(MONITOR_TIMEOUT_SECONDS),
  /**
   * A tick message given back (its run still follows its scan, or its delivery waits to retry) comes again
   * this long after: the function's timeout (SQS requires at least that) and a minute.
   */
  monitorVisibilityTimeout: Duration.seconds(MONITOR_TIMEOUT_SECONDS + 60),
  /**
   * Deliveries of one tick before it goes to the tick dead-letter queue: a run follows its scan for up to
   * 20 minutes and retries its webhook for up to about 45 (scanWaitMs and the sender's backoff), one pass
   * per visibility timeout, so about twelve passes in all; twice that before a tick is given up on.
   */
  monitorMaxReceiveCount: 24,
} as const;

/**
 * The DynamoDB actions the stores call (`@public-scan/storage/dynamodb`: GetItem, PutItem, UpdateItem and
 * DeleteItem with conditions, Query and Scan of their indexes), granted on the table and its indexes.
 * Not BatchWriteItem, not streams, not DescribeTable.
 */
export const STORE_ACTIONS = [
  "dynamodb:GetItem",
  "dynamodb:PutItem",
  "dynamodb:UpdateItem",
  "dynamodb:DeleteItem",
  "dynamodb:Query",
  "dynamodb:Scan",
] as const;

/**
 * public-scan on AWS Lambda: the API function behind a Function URL, the scan worker on the SQS queue (with a
 * dead-letter queue and an alarm on it), a scheduled recovery, monitors (an EventBridge Scheduler group
 * whose schedules send ticks to a queue the monitor function consumes), the DynamoDB tables of `DYNAMO_TABLES`, and
 * least-privilege roles (each function is granted the tables and the queue it uses and the identifier
 * secret, nothing else). The worker is x86_64 (the Chromium inside @sparticuz/chromium's npm package is built
 * for x64); the API and the recovery, which carry no Chromium, run on arm64.
 */
export class PublicScanStack extends Stack {
  readonly tables: Record<LambdaTableKind, dynamodb.Table>;
  /** The audit trail of the operator's key commands (`pnpm keys`): no function reads or writes it. */
  readonly auditTable: dynamodb.Table;
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly api: lambda.Function;
  readonly apiUrl: lambda.FunctionUrl;
  readonly worker: lambda.Function;
  readonly recover: lambda.Function;
  readonly deadLetterAlarm: cloudwatch.Alarm;
  /** Monitors: one EventBridge Scheduler schedule per monitor in this group sends its ticks to the tick queue. */
  readonly monitorSchedules: scheduler.ScheduleGroup;
  readonly monitorTicks: sqs.Queue;
  readonly monitorTicksDeadLetter: sqs.Queue;
  /** The role Scheduler assumes to send ticks (sqs:SendMessage on the tick queue, nothing else). */
  readonly monitorSchedulerRole: iam.Role;
  readonly monitor: lambda.Function;

  constructor(scope: Construct, id: string, props: PublicScanStackProps) {
    super(scope, id, props);
    this.tables = Object.fromEntries(LAMBDA_TABLES.map((kind) => [kind, this.table(kind)])) as Record<LambdaTableKind, dynamodb.Table>;
    this.auditTable = this.table("audit");

    this.deadLetterQueue = new sqs.Queue(this, "ScanJobsDeadLetter", {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
    });
    this.queue = new sqs.Queue(this, "ScanJobs", {
      visibilityTimeout: TIMINGS.visibilityTimeout,
      retentionPeriod: Duration.days(1),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: TIMINGS.maxReceiveCount },
      enforceSSL: true,
    });

    // The identifier secret, generated once per deployment. The functions get its ARN, not its value, and read
    // it at cold start (loadIdentifierSecret): the value is neither in the template nor in the functions'
    // configuration, where a dynamic reference would leave it for anyone allowed lambda:GetFunctionConfiguration.
    const secret = new secretsmanager.Secret(this, "IdentifierSecret", {
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });

    // Monitors: the API creates one schedule per monitor in this group; each tick goes to the tick queue,
    // sent by Scheduler under a role that may do that only, and the monitor function runs it.
    this.monitorSchedules = new scheduler.ScheduleGroup(this, "MonitorSchedules", { removalPolicy: RemovalPolicy.DESTROY });
    this.monitorTicksDeadLetter = new sqs.Queue(this, "MonitorTicksDeadLetter", { retentionPeriod: Duration.days(14), enforceSSL: true });
    this.monitorTicks = new sqs.Queue(this, "MonitorTicks", {
      visibilityTimeout: TIMINGS.monitorVisibilityTimeout,
      // A run is given up on after two hours of passes at most; a tick older than a day is of no use.
      retentionPeriod: Duration.days(1),
      deadLetterQueue: { queue: this.monitorTicksDeadLetter, maxReceiveCount: TIMINGS.monitorMaxReceiveCount },
      enforceSSL: true,
    });
    this.monitorSchedulerRole = new iam.Role(this, "MonitorSchedulerRole", {
      // Only Scheduler, acting for this account's schedules (the confused-deputy guard AWS documents).
      assumedBy: new iam.ServicePrincipal("scheduler.amazonaws.com", {
        conditions: { StringEquals: { "aws:SourceAccount": this.account } },
      }),
      description: "EventBridge Scheduler sends public-scan monitors' ticks to their queue",
    });
    this.monitorTicks.grant(this.monitorSchedulerRole, "sqs:SendMessage");

    const retention = props.logRetention ?? logs.RetentionDays.ONE_MONTH;
    const environment = {
      ...Object.fromEntries(LAMBDA_TABLES.map((kind) => [tableEnvName(kind), this.tables[kind].tableName])),
      [ENV.queueUrl]: this.queue.queueUrl,
      [ENV.identifierSecretArn]: secret.secretArn,
      NODE_OPTIONS: "--enable-source-maps",
    };
    const monitorEnvironment = {
      [ENV.monitorScheduleGroup]: this.monitorSchedules.scheduleGroupName,
      [ENV.monitorTickQueueArn]: this.monitorTicks.queueArn,
      [ENV.monitorSchedulerRoleArn]: this.monitorSchedulerRole.roleArn,
    };
    const fn = (
      name: "api" | "worker" | "recover" | "monitor",
      options: {
        /** The bundle's folder in bundleDir (default: the function's name). */
        bundle?: string;
        architecture: lambda.Architecture;
        memorySize: number;
        timeout: Duration;
        extraEnv?: Record<string, string>;
        tmpSize?: Size;
      },
    ) =>
      new lambda.Function(this, `${name[0]!.toUpperCase()}${name.slice(1)}Function`, {
        runtime: lambda.Runtime.NODEJS_22_X,
        architecture: options.architecture,
        handler: "index.handler",
        code: lambda.Code.fromAsset(`${props.bundleDir}/${options.bundle ?? name}`),
        memorySize: options.memorySize,
        ...(options.tmpSize === undefined ? {} : { ephemeralStorageSize: options.tmpSize }),
        timeout: options.timeout,
        environment: { ...environment, ...options.extraEnv },
        logGroup: new logs.LogGroup(this, `${name}Logs`, { retention, removalPolicy: RemovalPolicy.DESTROY }),
        // Each line becomes a JSON object with level, time and the invocation's request id; the functions'
        // own text is redacted of URLs and other raw values (src/error-log-text.ts).
        loggingFormat: lambda.LoggingFormat.JSON,
      });

    // Arm (Graviton) for the functions without Chromium: about 20 % cheaper per GB-s than x86_64, and their
    // bundles are JavaScript only. The worker stays x86_64: @sparticuz/chromium's npm package ships an x64
    // Chromium only (an arm64 one is a layer from its GitHub releases).
    const apiInvokeMode = props.apiInvokeMode ?? lambda.InvokeMode.RESPONSE_STREAM;
    this.api = fn("api", {
      // Each invoke mode gets the handler written for it: a streaming one (marked by awslambda.streamifyResponse,
      // writing to the response stream) or a buffered one (returning the result object).
      bundle: apiInvokeMode === lambda.InvokeMode.RESPONSE_STREAM ? "api-streaming" : "api",
      architecture: lambda.Architecture.ARM_64,
      memorySize: 1024,
      timeout: TIMINGS.apiTimeout,
      extraEnv: { ...monitorEnvironment, ...(props.baseUrl ? { [ENV.baseUrl]: props.baseUrl } : {}) },
    });
    // Public: the API's own quotas and rate limits apply (by source IP, key or MCP Light caller).
    this.apiUrl = this.api.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.NONE, invokeMode: apiInvokeMode });
    const baseUrl = props.baseUrl ?? this.apiUrl.url;

    this.worker = fn("worker", {
      architecture: lambda.Architecture.X86_64,
      // @sparticuz/chromium: 1600 MB or more. /tmp holds the unpacked browser (a few hundred MB with its
      // libraries and fonts) and the scans' browser profiles: twice the default 512 MB.
      memorySize: 2048,
      tmpSize: Size.mebibytes(1024),
      timeout: TIMINGS.workerTimeout,
      extraEnv: { [ENV.baseUrl]: baseUrl },
    });
    this.worker.addEventSource(
      new SqsEventSource(this.queue, { batchSize: 1, reportBatchItemFailures: true, maxConcurrency: props.workerConcurrency ?? 10 }),
    );

    this.recover = fn("recover", {
      architecture: lambda.Architecture.ARM_64,
      memorySize: 512,
      timeout: TIMINGS.recoverTimeout,
      extraEnv: { [ENV.baseUrl]: baseUrl },
    });
    new events.Rule(this, "RecoverSchedule", {
      schedule: events.Schedule.rate(TIMINGS.recoverEvery),
      targets: [new targets.LambdaFunction(this.recover)],
    });

    // No browser: a run creates its scan as the API does (the worker scans it), waits, and sends its webhook.
    this.monitor = fn("monitor", {
      architecture: lambda.Architecture.ARM_64,
      memorySize: 512,
      timeout: TIMINGS.monitorTimeout,
      extraEnv: { ...monitorEnvironment, [ENV.baseUrl]: baseUrl },
    });
    this.monitor.addEventSource(
      new SqsEventSource(this.monitorTicks, { batchSize: 1, reportBatchItemFailures: true, maxConcurrency: props.monitorConcurrency ?? 5 }),
    );

    // Least privilege: the API writes scans, keys (last use) and counters and sends jobs; the worker writes
    // scans and re-sends a job it gives back (the event source mapping adds the receive and delete rights);
    // the recovery writes scans and re-sends jobs. Each reads the identifier secret at cold start.
    // The audit table is the operator's (`pnpm keys`): the API serves no key request (no sessions), so it
    // appends no audit event, and no function is granted the table.
    // The monitor function creates scans as the API does (scans, keys, counters, monitors; the scan queue).
    // Schedules: the API creates, updates and deletes them in the group (passing Scheduler its role); the
    // monitor function only deletes one (a monitor disabled by its run, or gone).
    for (const kind of LAMBDA_TABLES) this.tables[kind].grant(this.api, ...STORE_ACTIONS);
    for (const kind of LAMBDA_TABLES) this.tables[kind].grant(this.monitor, ...STORE_ACTIONS);
    this.tables.scans.grant(this.worker, ...STORE_ACTIONS);
    this.tables.scans.grant(this.recover, ...STORE_ACTIONS);
    for (const sender of [this.api, this.worker, this.recover, this.monitor]) this.queue.grant(sender, "sqs:SendMessage");
    // On the group's schedules (`schedule/<group>/*`), which is what CreateSchedule and the others act on
    // (a grant on the group itself would name the schedule group's ARN, and Scheduler would refuse).
    this.monitorSchedules.grants.writeSchedules(this.api);
    this.monitorSchedules.grants.deleteSchedules(this.api);
    this.monitorSchedules.grants.deleteSchedules(this.monitor);
    this.api.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["iam:PassRole"],
        resources: [this.monitorSchedulerRole.roleArn],
        conditions: { StringEquals: { "iam:PassedToService": "scheduler.amazonaws.com" } },
      }),
    );
    // GetSecretValue alone on this secret (grantRead would add DescribeSecret, which no function calls).
    const readSecret = new iam.PolicyStatement({ actions: ["secretsmanager:GetSecretValue"], resources: [secret.secretArn] });
    for (const reader of [this.api, this.worker, this.recover, this.monitor]) reader.addToRolePolicy(readSecret);

    const alarms = new sns.Topic(this, "Alarms");
    this.deadLetterAlarm = new cloudwatch.Alarm(this, "ScanJobsDeadLetterAlarm", {
      alarmDescription: "Scan jobs reached the dead-letter queue: a worker failed on them repeatedly (README.md).",
      metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: "Maximum" }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    this.deadLetterAlarm.addAlarmAction(new cloudwatchActions.SnsAction(alarms));
    const tickAlarm = new cloudwatch.Alarm(this, "MonitorTicksDeadLetterAlarm", {
      alarmDescription: "Monitor ticks reached their dead-letter queue: runs failed on them repeatedly (docs/aws-lambda.md).",
      metric: this.monitorTicksDeadLetter.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: "Maximum" }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    tickAlarm.addAlarmAction(new cloudwatchActions.SnsAction(alarms));
    new CfnOutput(this, "ApiUrl", {
      value: this.apiUrl.url,
      description: "The API's Function URL (REST /api/v2, MCP /mcp and /mcp/light)",
    });
    // What an operator passes to `pnpm keys issue|revoke --dynamodb-keys-table … --dynamodb-audit-table …`.
    new CfnOutput(this, "KeysTableName", {
      value: this.tables.keys.tableName,
      description: "The keys table: pnpm keys --dynamodb-keys-table (or PUBLIC_SCAN_KEYS_TABLE)",
    });
    new CfnOutput(this, "AuditTableName", {
      value: this.auditTable.tableName,
      description: "The audit table of the operator's key commands: pnpm keys --dynamodb-audit-table (or PUBLIC_SCAN_AUDIT_TABLE)",
    });
    new CfnOutput(this, "AlarmTopicArn", {
      value: alarms.topicArn,
      description: "Subscribe to be told of scan jobs in the dead-letter queue",
    });
  }

  /** One table of `DYNAMO_TABLES`: on demand, point-in-time recovery, TTL where the stores expire items, kept on stack deletion. */
  private table(kind: LambdaTableKind | "audit"): dynamodb.Table {
    const definition = DYNAMO_TABLES[kind] as (typeof DYNAMO_TABLES)[keyof typeof DYNAMO_TABLES];
    const string = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    const table = new dynamodb.Table(this, `${kind[0]!.toUpperCase()}${kind.slice(1)}Table`, {
      partitionKey: string(definition.partitionKey),
      ...("sortKey" in definition ? { sortKey: string(definition.sortKey) } : {}),
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      ...("timeToLiveAttribute" in definition ? { timeToLiveAttribute: definition.timeToLiveAttribute } : {}),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of definition.indexes) {
      table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: string(index.partitionKey),
        sortKey: string(index.sortKey),
        projectionType: dynamodb.ProjectionType.KEYS_ONLY,
      });
    }
    return table;
  }
}
