/**
 * @public-scan/aws-lambda: Lambda API, worker and monitor-tick handlers, the SQS job queue and the EventBridge
 * Scheduler of monitors. The host composes what they
 * run: the app the API handler serves, and the service and scanner (serverless Chromium) the worker runs.
 */
export { baseUrlOf, createLambdaApiHandler, createLambdaApiStreamingHandler } from "./api/create-lambda-api-handler.js";
export type { LambdaApiHandlerOptions, LambdaFetchApp } from "./api/create-lambda-api-handler.js";
export { createLambdaWorkerHandler } from "./worker/create-lambda-worker-handler.js";
export type {
  LambdaSqsBatchResponse,
  LambdaSqsEvent,
  LambdaWorkerContext,
  LambdaWorkerHandlerOptions,
} from "./worker/create-lambda-worker-handler.js";
export { createSqsJobQueue } from "./queue/create-sqs-job-queue.js";
export type { SqsJobQueueOptions } from "./queue/create-sqs-job-queue.js";
export { createEventBridgeMonitorScheduler } from "./monitors/create-eventbridge-monitor-scheduler.js";
export type { EventBridgeMonitorSchedulerOptions } from "./monitors/create-eventbridge-monitor-scheduler.js";
export { toScheduleExpression } from "./monitors/to-schedule-expression.js";
export { createLambdaMonitorHandler } from "./monitors/create-lambda-monitor-handler.js";
export type { LambdaMonitorHandlerOptions } from "./monitors/create-lambda-monitor-handler.js";
