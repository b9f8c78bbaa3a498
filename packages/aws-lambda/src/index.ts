/**
 * @public-scan/aws-lambda: Lambda API and worker handlers with serverless Chromium.
 */
export { baseUrlOf, createLambdaApiHandler, createLambdaApiStreamingHandler } from "./api/create-lambda-api-handler.js";
export type { LambdaApiHandlerOptions, LambdaFetchApp } from "./api/create-lambda-api-handler.js";
