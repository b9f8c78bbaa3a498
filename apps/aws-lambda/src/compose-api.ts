// The API function's composition: every port it uses, read top to bottom. reflect-metadata is tsyringe's
// prerequisite and is imported first.
import "reflect-metadata";
import { createLambdaApiHandler, createLambdaApiStreamingHandler, type LambdaApiHandlerOptions } from "@public-scan/aws-lambda";
import { createRestApp } from "@public-scan/http-h3";
import { container, type DependencyContainer } from "tsyringe";
import { composeApiService } from "./compose-api-service.js";
import { composeMonitorDeps } from "./compose-monitor-deps.js";
import type { AwsClients } from "./compose-stores.js";
import { errorLogText } from "./error-log-text.js";
import { lazySurface } from "./lazy-surface.js";
import { readLambdaConfig } from "./read-config.js";
import { MCP_SCAN_WAIT_SECONDS } from "./settings.js";

export interface ApiHandlerInput {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly clients?: AwsClients;
  /**
   * Where an embedder registered its own ports (`PORTS`: scan, key, counter and monitor stores, job queue,
   * target policy, monitor scheduler, webhook sender, observer) before composing; default: tsyringe's root
   * container. What is not registered gets this function's default (DynamoDB or Redis, SQS, the scanner's
   * target policy, EventBridge Scheduler, the scanner's webhook sender, no observer).
   */
  readonly container?: DependencyContainer;
  readonly log?: (line: string) => void;
  /** How long MCP's scan tool waits for its scan (default `MCP_SCAN_WAIT_SECONDS`, within the function's timeout). */
  readonly mcpScanWaitSeconds?: number;
}

/**
 * The API function: scans, keys, rate-limit counters and monitors in DynamoDB, jobs on SQS (the worker
 * function runs them), monitors' schedules on EventBridge Scheduler (the monitor function runs their
 * ticks), the contract's quotas and limits, the REST API and both MCP endpoints, stateless (one JSON
 * answer per POST, no sessions: any execution environment answers any request). No scanner: it only enqueues. No
 * accounts, dashboard or OAuth authorization server: those are the reference server's (Koa-based
 * oidc-provider); keys are issued by the operator (`pnpm keys` against the tables, or a host of its own).
 * Built once per cold start. This handler answers buffered (an API Gateway HTTP API, or a Function URL in
 * BUFFERED mode).
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
      const scope = (input.container ?? container).createChildContainer();
      const api = await composeApiService({ config, clients: input.clients, scope, baseUrl });
      const { service, keys } = api;
      // Monitors when the deployment schedules them (the stack sets their variables): the API creates,
      // pauses and deletes their schedules; their runs are the monitor function's.
      const monitors =
        config.monitors === undefined
          ? undefined
          : composeMonitorDeps({ config: { ...config, monitors: config.monitors }, api, scope, clients: input.clients });
      const onError = (route: string) => (error: unknown) => log(`${route}: ${errorLogText(error)}`);
      // The MCP endpoints load at their first request (stateless: one JSON answer per POST, no sessions).
      const mcpOptions = {
        service: service.deps,
        jsonResponse: true,
        sessions: false,
        maxScanWaitSeconds: input.mcpScanWaitSeconds ?? MCP_SCAN_WAIT_SECONDS,
      };
      const mcp = {
        hosted: lazySurface(async () =>
          (await import("@public-scan/mcp")).createMcpHttpHandler({
            ...mcpOptions,
            surface: "hosted",
            keys,
            ...(monitors === undefined ? {} : { monitors }),
            onError: onError("mcp"),
          }),
        ),
        light: lazySurface(async () =>
          (await import("@public-scan/mcp")).createMcpHttpHandler({ ...mcpOptions, surface: "light", onError: onError("mcp/light") }),
        ),
      };
      return createRestApp({
        service: service.deps,
        keys,
        ...(monitors === undefined ? {} : { monitors }),
        // The client address is the event's source IP (createLambdaApiHandler); no proxy is trusted.
        trustedProxies: [],
        mcp,
        onError: (error, context) => onError(`${context.requestId} ${context.route}`)(error),
      });
    },
  };
}
