import {
  handleLambdaEvent,
  handleLambdaEventWithStream,
  type AWSLambdaHandler,
  type AWSLambdaResponseStream,
  type AWSLambdaStreamingHandler,
  type AwsLambdaEvent,
} from "srvx/aws-lambda";

/** What the handler serves: any fetch-style app, e.g. `createRestApp(…)` of `@public-scan/http-h3` with `/mcp` mounted. */
export interface LambdaFetchApp {
  fetch(request: Request): Response | Promise<Response>;
}

export interface LambdaApiHandlerOptions {
  /**
   * Builds the app, once per execution environment (on the first event of a cold start), for the public base
   * URL of the deployment. A failed build is retried on the next event, never cached.
   */
  createApp(input: { baseUrl: string }): LambdaFetchApp | Promise<LambdaFetchApp>;
  /**
   * The deployment's public base URL (a custom domain). Default: `https://` and the `requestContext.domainName`
   * of the first event, which API Gateway and Function URLs set (not the caller's Host header).
   */
  baseUrl?: string;
}

/**
 * The API of public-scan as a Lambda function behind an API Gateway HTTP API (payload format 2.0) or a
 * Function URL: srvx's adapter turns the event into a Request and the Response into the result. The
 * client address is the event's `requestContext` source IP, never `X-Forwarded-For` (no proxy is
 * trusted), so a caller cannot choose its rate-limit identity.
 */
export function createLambdaApiHandler(options: LambdaApiHandlerOptions): AWSLambdaHandler {
  const app = lazyApp(options);
  return async (event, context) => handleLambdaEvent(await app(event), event, context);
}

/**
 * The same for Function URLs in RESPONSE_STREAM invoke mode: the body is streamed as the app writes it (MCP's
 * SSE answers, large exports). Wrap it with the runtime's `awslambda.streamifyResponse` in the function's entry.
 */
export function createLambdaApiStreamingHandler(options: LambdaApiHandlerOptions): AWSLambdaStreamingHandler {
  const app = lazyApp(options);
  return async (event, responseStream: AWSLambdaResponseStream, context) =>
    handleLambdaEventWithStream(await app(event), event, responseStream, context);
}

function lazyApp(options: LambdaApiHandlerOptions): (event: AwsLambdaEvent) => Promise<LambdaFetchApp["fetch"]> {
  let building: Promise<LambdaFetchApp> | undefined;
  return async (event) => {
    building ??= Promise.resolve()
      .then(() => options.createApp({ baseUrl: options.baseUrl ?? baseUrlOf(event) }))
      .catch((error: unknown) => {
        building = undefined;
        throw error;
      });
    const app = await building;
    return (request) => app.fetch(request);
  };
}

/** `https://<domainName>` of an HTTP API or Function URL event; the base URL must be configured otherwise. */
export function baseUrlOf(event: AwsLambdaEvent): string {
  const domainName = event.requestContext?.domainName;
  if (typeof domainName !== "string" || !/^[a-z0-9.-]+$/i.test(domainName)) {
    throw new Error("the event has no requestContext.domainName: set the deployment's base URL (PUBLIC_SCAN_BASE_URL)");
  }
  return `https://${domainName}`;
}
