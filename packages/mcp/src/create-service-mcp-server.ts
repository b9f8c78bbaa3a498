import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { CallToolResult, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import {
  API_VERSION,
  MCP_TOOL_HANDLERS,
  MCP_TOOLS,
  type Caller,
  type McpToolHandler,
  type McpToolName,
  type ServiceDeps,
} from "@public-scan/core";
import { refuseInvalidArguments } from "./refuse-invalid-arguments.js";
import { promptMethods } from "./prompt-methods.js";
import { scanResourceMethods } from "./scan-resource-methods.js";
import { serveExtraMethods } from "./serve-extra-methods.js";
import { scanSite } from "./scan-site.js";
import { TOOL_ANNOTATIONS } from "./tool-annotations.js";
import { TOOL_DESCRIPTIONS } from "./tool-descriptions.js";
import { answersScanOrJob, TOOL_OUTPUTS } from "./tool-outputs.js";
import { toPendingResult, toToolError, toToolResult } from "./to-tool-result.js";

export interface ServiceMcpServerOptions {
  service: ServiceDeps;
  /** Who calls, resolved by the host from the request (anonymous by address on Light, a key on /mcp). */
  caller: Caller;
  /** The tools this caller may see and call (Light: three; /mcp: those its scopes allow). */
  tools: ReadonlySet<McpToolName>;
  /** The longest `service_scan_site` waits for its scan on this host (`McpHttpHandlerOptions.maxScanWaitSeconds`). */
  maxScanWaitSeconds?: number;
  /** The host's monitors, for the monitor tools (offered only when the host has them: `createAccessResolver`). */
  monitors?: Parameters<McpToolHandler<"service_list_monitors">>[1]["monitors"];
}

/**
 * One schema validator for every server: the stateless endpoints build a server per request, and a new
 * validator each time cost about 1 ms of CPU per request (BENCHMARKS.md, MCP reads).
 */
const SHARED_VALIDATOR = new AjvJsonSchemaValidator();

const INSTRUCTIONS =
  "public-scan observes what a public web page does for a first-time visitor: cookies, storage and trackers before consent, " +
  "the consent banner and what reject and accept do, transport security and privacy-policy signals. Start with service_scan_site; " +
  "poll service_get_scan_status only with a scanId; read results with service_get_scan_bundle. Results are automated observations " +
  "for review, never legal advice; a failed or partial scan is incomplete evidence, not a compliance failure.";

/**
 * An MCP server for one request's caller: every tool of core's table the caller may use, each calling the
 * same use-case as its REST route, with the contract's input schema, an output schema, annotations and an
 * assistant-oriented description. Errors, refused arguments included, become tool errors with the REST
 * envelope's fields. A completed scan's results are also resources (`public-scan://scans/{scanId}/...`), and
 * the common jobs prompts, each offered only with the tools it needs.
 */
export function createServiceMcpServer(options: ServiceMcpServerOptions): McpServer {
  const offered = MCP_TOOLS.filter((spec) => options.tools.has(spec.name));
  // Declaring `tools` here would have the SDK install its handlers at once; with tools to register they are
  // installed by the first registration instead, where refuseInvalidArguments can wrap them.
  const server = new McpServer(
    { name: "public-scan", title: "public-scan privacy and consent scans", version: API_VERSION },
    { capabilities: offered.length === 0 ? { tools: {} } : {}, instructions: INSTRUCTIONS, jsonSchemaValidator: SHARED_VALIDATOR },
  );
  // One registration for the table: the SDK's per-tool argument typing cannot follow a union of input schemas, so
  // the callback takes the arguments the SDK has already parsed with `spec.input`.
  const register = server.registerTool.bind(server) as unknown as (
    name: string,
    config: Record<string, unknown>,
    callback: (args: Record<string, unknown>, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => Promise<CallToolResult>,
  ) => void;
  const registerTool = (spec: (typeof MCP_TOOLS)[number]) => {
    const scans = spec.name === "service_scan_site";
    register(
      spec.name,
      {
        title: spec.summary,
        description: TOOL_DESCRIPTIONS[spec.name],
        inputSchema: spec.input,
        outputSchema: TOOL_OUTPUTS[spec.name],
        annotations: TOOL_ANNOTATIONS[spec.name],
      },
      async (args, extra) => {
        try {
          if (scans) {
            const progressToken = extra._meta?.progressToken;
            const body = await scanSite(options.service, {
              args: args as Parameters<typeof scanSite>[1]["args"],
              caller: options.caller,
              signal: extra.signal,
              ...(options.maxScanWaitSeconds === undefined ? {} : { maxWaitSeconds: options.maxScanWaitSeconds }),
              ...(progressToken === undefined
                ? {}
                : {
                    onProgress: ({ percent, phase }) =>
                      extra.sendNotification({
                        method: "notifications/progress",
                        params: { progressToken, progress: percent, total: 100, message: `scan ${phase}` },
                      }),
                  }),
            });
            return toToolResult(spec.name, body);
          }
          const handler = MCP_TOOL_HANDLERS[spec.name] as unknown as (
            deps: ServiceDeps,
            input: { args: Record<string, unknown>; caller: Caller; monitors: ServiceMcpServerOptions["monitors"] },
          ) => Promise<{ status: number; body: unknown; retryAfterSeconds?: number }>;
          const outcome = await handler(options.service, { args, caller: options.caller, monitors: options.monitors });
          // A result of a scan still running is its job, as REST's 202: not the result the tool's schema describes.
          if (outcome.status === 202 && !answersScanOrJob(spec.name)) {
            return toPendingResult(spec.name, outcome.body, outcome.retryAfterSeconds ?? 5);
          }
          return toToolResult(spec.name, outcome.body);
        } catch (error) {
          return toToolError(error);
        }
      },
    );
  };
  refuseInvalidArguments(server, new Map(offered.map((spec) => [spec.name, spec.input])), () => offered.forEach(registerTool));
  const resources = scanResourceMethods(options);
  const prompts = promptMethods(options.tools);
  serveExtraMethods(server, new Map([...resources, ...prompts]), {
    ...(resources.size === 0 ? {} : { resources: {} }),
    ...(prompts.size === 0 ? {} : { prompts: {} }),
  });
  return server;
}
