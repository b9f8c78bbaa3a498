import { DynamoDBClient, type DynamoDBClientConfig } from "@aws-sdk/client-dynamodb";
import type { SQSClientConfig } from "@aws-sdk/client-sqs";
import { createSqsJobQueue, type EventBridgeMonitorSchedulerOptions } from "@public-scan/aws-lambda";
import {
  DATA_RETENTION_DEFAULTS,
  type CounterStore,
  type JobQueueFactory,
  type KeyStore,
  type MonitorStore,
  type ScanStore,
} from "@public-scan/core";
import {
  createDynamoCounterStore,
  createDynamoKeyStore,
  createDynamoMonitorStore,
  createDynamoScanStore,
} from "@public-scan/storage/dynamodb";
import type { LambdaConfig } from "./read-config.js";
import { tableEnvName } from "./settings.js";

/** Where the functions' AWS clients point: the defaults of the Lambda runtime, or a test's endpoints. */
export interface AwsClients {
  readonly dynamo?: DynamoDBClientConfig;
  readonly sqs?: SQSClientConfig;
  /** EventBridge Scheduler's client (monitors' schedules). */
  readonly scheduler?: EventBridgeMonitorSchedulerOptions["clientConfig"];
}

/** The default stores and queue of the functions, each made on first call (a port an embedder replaced is never made). */
export interface LambdaStores {
  scans: () => ScanStore;
  keys: () => KeyStore;
  counters: () => CounterStore;
  monitors: () => MonitorStore;
  queue: () => JobQueueFactory;
}

/**
 * The stores and the queue of one execution environment: one DynamoDB client (or one Redis client, on
 * ElastiCache), shared by every store, and the queue's SQS client, made at its first message; all kept open
 * across warm invocations (the stores never destroy a client they were given). The Redis stores and their client are imported only when Redis
 * is configured, so a DynamoDB deployment's cold start never loads them.
 */
export async function composeStores(config: LambdaConfig, clients: AwsClients = {}): Promise<LambdaStores> {
  // The queue makes its SQS client at its first call (and loads the SDK's SQS module then).
  const queue = () => createSqsJobQueue({ queueUrl: config.queueUrl, clientConfig: clients.sqs ?? {} });
  if (config.redis !== undefined) {
    // ElastiCache: the function runs in the cluster's VPC. One client, failing fast while Redis is away.
    const [{ createRedisStores, SERVICE_REDIS_OPTIONS }, { Redis }] = await Promise.all([
      import("@public-scan/storage/redis"),
      import("ioredis"),
    ]);
    let redis: ReturnType<typeof createRedisStores> | undefined;
    const stores = () =>
      (redis ??= createRedisStores({ client: new Redis(config.redis!.url, SERVICE_REDIS_OPTIONS), prefix: config.redis!.prefix }));
    return {
      scans: () => stores().scans(),
      keys: () => stores().keys(),
      counters: () => stores().counters(),
      monitors: () => stores().monitors(),
      queue,
    };
  }
  let dynamo: DynamoDBClient | undefined;
  const client = () => (dynamo ??= new DynamoDBClient(clients.dynamo ?? {}));
  const tables = config.tables!;
  return {
    // Ended scans expire by the table's TTL after the reference server's retention (docs/operations.md): no
    // function has to purge them.
    scans: () => createDynamoScanStore({ tableName: tables.scans, client: client(), retentionDays: DATA_RETENTION_DEFAULTS.scanDays }),
    keys: () => createDynamoKeyStore({ tableName: tables.keys, client: client() }),
    counters: () => createDynamoCounterStore({ tableName: tables.counters, client: client() }),
    monitors: () => {
      // readLambdaConfig requires the table whenever monitors are configured, the only case this is called in.
      if (tables.monitors === undefined) throw new Error(`${tableEnvName("monitors")} is not set`);
      return createDynamoMonitorStore({ tableName: tables.monitors, client: client() });
    },
    queue,
  };
}
