import { DYNAMO_TABLES, type DynamoTableKind } from "@public-scan/storage/dynamodb";

/**
 * The settings the functions and the CDK app must agree on, in one place: the tables the Lambda deployment
 * uses, the environment variables that name them, and the scan deadline the functions' timeouts are derived
 * from (infra/public-scan-stack.ts; the arithmetic is in README.md).
 */

/**
 * The tables the functions read and write. Accounts are not part of the Lambda deployment (README.md); the stack's
 * audit table is the operator's (`pnpm keys`), which no function touches.
 */
export const LAMBDA_TABLES = ["scans", "keys", "counters", "monitors"] as const satisfies readonly DynamoTableKind[];
export type LambdaTableKind = (typeof LAMBDA_TABLES)[number];

/** The variable that names a table: `PUBLIC_SCAN_SCANS_TABLE`, `PUBLIC_SCAN_KEYS_TABLE`, `PUBLIC_SCAN_COUNTERS_TABLE`, `PUBLIC_SCAN_MONITORS_TABLE`. */
export function tableEnvName(kind: LambdaTableKind): string {
  return `PUBLIC_SCAN_${kind.toUpperCase()}_TABLE`;
}

/** Every variable the functions read. */
export const ENV = {
  queueUrl: "PUBLIC_SCAN_QUEUE_URL",
  baseUrl: "PUBLIC_SCAN_BASE_URL",
  identifierSecret: "PUBLIC_SCAN_IDENTIFIER_SECRET",
  /** The Secrets Manager secret holding the identifier secret, read at cold start (what the CDK stack sets). */
  identifierSecretArn: "PUBLIC_SCAN_IDENTIFIER_SECRET_ARN",
  /**
   * Monitors' schedules (EventBridge Scheduler): the deployment's schedule group, the tick queue each
   * schedule sends to, and the role Scheduler assumes to send. All three or none: without them the API
   * serves no monitor routes (404), as a host without monitors does.
   */
  monitorScheduleGroup: "PUBLIC_SCAN_MONITOR_SCHEDULE_GROUP",
  monitorTickQueueArn: "PUBLIC_SCAN_MONITOR_TICK_QUEUE_ARN",
  monitorSchedulerRoleArn: "PUBLIC_SCAN_MONITOR_SCHEDULER_ROLE_ARN",
} as const;

/** The identifier secret's shortest length: it keys HMACs of rate-limit identities and seals queued URLs. */
export const IDENTIFIER_SECRET_MIN_LENGTH = 32;

/** The API function's timeout (the stack's), which every request, MCP's scan tool included, must answer within. */
export const API_TIMEOUT_SECONDS = 30;
/**
 * How long `service_scan_site` waits for its scan in the API function: the timeout less what a cold start and
 * the answer take, so the caller always gets the scanId (the job, with when to poll) before the function ends.
 */
export const MCP_SCAN_WAIT_SECONDS = API_TIMEOUT_SECONDS - 10;

/** How long one scan may run (the service's job deadline). */
export const SCAN_JOB_DEADLINE_MS = 120_000;
/** What the worker keeps back from its remaining time so an expired scan is still written (createLambdaWorkerHandler). */
export const WORKER_SAFETY_MARGIN_MS = 20_000;
/** A cold start's share: unpacking Chromium into /tmp and launching it before the first scan. */
export const WORKER_COLD_START_MS = 40_000;

/**
 * The monitor function's timeout. A run follows its scan (queued, then up to the scan deadline on a worker)
 * and sends its webhook; a run still waiting when the invocation nears its end is left running, its tick
 * message given back, and SQS delivers it again after the tick queue's visibility timeout.
 */
export const MONITOR_TIMEOUT_SECONDS = 300;
/** What the monitor function keeps back from its remaining time to save a run before the invocation ends. */
export const MONITOR_SAFETY_MARGIN_MS = 20_000;

/** The key schemas, for the CDK app (re-exported so infra reads the one definition the stores use). */
export { DYNAMO_TABLES };
