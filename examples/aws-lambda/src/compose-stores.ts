import { DynamoDBClient, type DynamoDBClientConfig } from "@aws-sdk/client-dynamodb";
import { SQSClient, type SQSClientConfig } from "@aws-sdk/client-sqs";
import { createSqsJobQueue } from "@public-scan/aws-lambda";
import { DATA_RETENTION_DEFAULTS, type JobQueueFactory, type Scanner } from "@public-scan/core";
import { createDynamoCounterStore, createDynamoKeyStore, createDynamoScanStore } from "@public-scan/storage/dynamodb";
import { createRedisStores, SERVICE_REDIS_OPTIONS } from "@public-scan/storage/redis";
import { Redis } from "ioredis";
import type { LambdaConfig } from "./read-config.js";

/** Where the functions' AWS clients point: the defaults of the Lambda runtime, or a test's endpoints. */
export interface AwsClients {
  readonly dynamo?: DynamoDBClientConfig;
  readonly sqs?: SQSClientConfig;
}

/**
 * The stores and the queue of one execution environment: one DynamoDB client and one SQS client, shared by
 * every store and kept open across warm invocations (the stores never destroy a client they were given).
 */
export function composeStores(config: LambdaConfig, clients: AwsClients = {}) {
  const sqs = new SQSClient(clients.sqs ?? {});
  const queue: JobQueueFactory = createSqsJobQueue({ queueUrl: config.queueUrl, client: sqs });
  if (config.redis !== undefined) {
    // ElastiCache: the function runs in the cluster's VPC. One client, failing fast while Redis is away.
    const client = new Redis(config.redis.url, SERVICE_REDIS_OPTIONS);
    const redis = createRedisStores({ client, prefix: config.redis.prefix });
    return {
      scans: redis.scans,
      keys: redis.keys,
      counters: redis.counters,
      queue,
    };
  }
  const dynamo = new DynamoDBClient(clients.dynamo ?? {});
  const tables = config.tables!;
  return {
    // Ended scans expire by the table's TTL after the reference server's retention (docs/operations.md): no
    // function has to purge them.
    scans: () => createDynamoScanStore({ tableName: tables.scans, client: dynamo, retentionDays: DATA_RETENTION_DEFAULTS.scanDays }),
    keys: () => createDynamoKeyStore({ tableName: tables.keys, client: dynamo }),
    counters: () => createDynamoCounterStore({ tableName: tables.counters, client: dynamo }),
    queue,
  };
}

/**
 * The scanner of the functions that never scan (the API only enqueues; the recovery only re-queues or ends
 * scans): a scan reaching it is a wiring error, reported as such, and no browser code is bundled into them.
 */
export const NO_SCANNER: Scanner = {
  scan: () => Promise.reject(new Error("this function runs no scans: the worker function does")),
  close: () => Promise.resolve(),
};
