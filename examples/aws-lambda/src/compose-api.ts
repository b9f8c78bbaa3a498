import { createLambdaApiHandler, createLambdaApiStreamingHandler, type LambdaApiHandlerOptions } from "@public-scan/aws-lambda";
import { createAnonymousScanQuota, createLocalService, createRateLimiter, type TargetPolicy } from "@public-scan/core";
import { createRestApp } from "@public-scan/http-h3";
import { createMcpHttpHandler } from "@public-scan/mcp";
import { createTargetPolicy } from "@public-scan/scanner";
import { composeStores, NO_SCANNER, type AwsClients } from "./compose-stores.js";
import { errorLogText } from "./error-log-text.js";
import { readLambdaConfig } from "./read-config.js";
import { MCP_SCAN_WAIT_SECONDS, SCAN_JOB_DEADLINE_MS } from "./settings.js";

export interface ApiHandlerInput {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly clients?: AwsClients;
  /** Default: the scanner's target policy (public targets only, checked by DNS before a scan is queued). */
  readonly targets?: TargetPolicy;
  readonly log?: (line: string) => void;
  /** How long MCP's scan tool waits for its scan (default `MCP_SCAN_WAIT_SECONDS`, within the function's timeout). */
  readonly mcpScanWaitSeconds?: number;
}

/**
 * The API function: scans, keys and rate-limit counters in DynamoDB, jobs on SQS (the worker function runs
 * them), the contract's quotas and limits, the REST API and both MCP endpoints, stateless (one JSON answer
 * per POST, no sessions: any execution environment answers any request). No accounts, dashboard or OAuth
 * authorization server: those are the reference server's (Koa-based oidc-provider); keys are issued by the
 * operator (`pnpm keys` against the tables, or a host of its own). Built once per cold start. This handler
 * answers buffered (an API Gateway HTTP API, or a Function URL in BUFFERED mode).
 */
export function createApiHandler(input: ApiHandlerInput) {
  return createLambdaApiHandler(apiHandlerOptions(input));
}

/**
 * The same API for a Function URL in RESPONSE_STREAM mode (the stack's default): the body is written to
 * Lambda's response stream as the app produces it, up to the streaming limit instead of the 6 MB buffered
 * one. The entry wraps it with the runtime's `awslambda.streamifyResponse` (src/api-streaming.ts).
 */
export function createApiStreamingHandler(input: ApiHandlerInput) {
  return createLambdaApiStreamingHandler(apiHandlerOptions(input));
}

function apiHandlerOptions(input: ApiHandlerInput): LambdaApiHandlerOptions {
  const config = readLambdaConfig(input.env);
  const log = input.log ?? ((line: string) => console.error(line));
  return {
    ...(config.baseUrl === undefined ? {} : { baseUrl: config.baseUrl }),
    createApp: async ({ baseUrl }) => {
      const stores = composeStores(config, input.clients);
      const keys = stores.keys();
      const limiter = createRateLimiter({ store: stores.counters(), identifierSecret: config.identifierSecret });
      const service = await createLocalService({
        scanner: NO_SCANNER,
        scans: stores.scans(),
        queue: stores.queue,
        recovery: "none",
        quota: createAnonymousScanQuota(limiter),
        limits: limiter,
        targets: input.targets ?? createTargetPolicy({}),
        targetSecret: config.identifierSecret,
        jobDeadlineMs: SCAN_JOB_DEADLINE_MS,
        config: { baseUrl, ...config.service },
      });
      const onError = (route: string) => (error: unknown) => log(`${route}: ${errorLogText(error)}`);
      const mcp = {
        hosted: createMcpHttpHandler({
          service: service.deps,
          surface: "hosted",
          keys,
          jsonResponse: true,
          sessions: false,
          maxScanWaitSeconds: input.mcpScanWaitSeconds ?? MCP_SCAN_WAIT_SECONDS,
          onError: onError("mcp"),
        }),
        light: createMcpHttpHandler({
          service: service.deps,
          surface: "light",
          jsonResponse: true,
          sessions: false,
          maxScanWaitSeconds: input.mcpScanWaitSeconds ?? MCP_SCAN_WAIT_SECONDS,
          onError: onError("mcp/light"),
        }),
      };
      return createRestApp({
        service: service.deps,
        keys,
        // The client address is the event's source IP (createLambdaApiHandler); no proxy is trusted.
        trustedProxies: [],
        mcp,
        onError: (error, context) => onError(`${context.requestId} ${context.route}`)(error),
      });
    },
  };
}
