/**
 * @public-scan/aws-lambda: Lambda API and worker handlers, and the SQS job queue. The host composes what they
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
