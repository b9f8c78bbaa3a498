import { ReadResourceRequestSchema, type ReadResourceResult } from "@modelcontextprotocol/sdk/types.js";
import type { ExtraMethod, ExtraMethods } from "./serve-extra-methods.js";
import { toJsonRpcError } from "./to-json-rpc-error.js";
import { MCP_TOOL_HANDLERS, toErrorEnvelope, type Caller, type McpToolName, type ServiceDeps } from "@public-scan/core";
import { summarizeToolBody } from "./summarize-tool-body.js";

/**
 * A completed scan's results as MCP resources, one template per result, each read through the same
 * use-case (and the same read limits) as the tool that answers it; a caller sees a template only when it
 * may call that tool. The scheme is the service's own, so a host never mistakes one for a web page.
 */
const SCAN_RESOURCES: ReadonlyArray<{ name: string; path: string; tool: McpToolName; title: string; description: string }> = [
  {
    name: "scan_bundle",
    path: "bundle",
    tool: "service_get_scan_bundle",
    title: "Scan bundle (summary)",
    description: "A completed scan's compact summary bundle: score, risk, coverage, top findings and what to read next.",
  },
  {
    name: "scan_report",
    path: "report",
    tool: "service_get_report",
    title: "Pulse report",
    description: "A completed scan's Pulse report: score, risk level, coverage and the main observations.",
  },
  {
    name: "scan_findings",
    path: "findings",
    tool: "service_list_findings",
    title: "Findings",
    description: "A completed scan's findings, each with its severity, confidence and the evidence it rests on.",
  },
  {
    name: "scan_pre_consent",
    path: "pre-consent-cookies-trackers",
    tool: "service_get_pre_consent_cookies_trackers",
    title: "Pre-consent cookies and trackers",
    description: "The cookies, storage and third-party trackers a completed scan saw before any consent choice.",
  },
];

/** A resource's URI: `public-scan://scans/{scanId}/{path}`, the scan id as sent (checked by the use-case). */
const RESOURCE_URI = /^public-scan:\/\/scans\/([^/?#]*)\/([a-z-]+)$/;

/**
 * JSON-RPC error codes of a failed read: the MCP specification's -32002 for a resource that does not exist,
 * invalid params for a malformed scanId, and the implementation-defined server error for the rest (a scan
 * not done yet, a spent limit). The message starts with the contract's code, and `data` is the contract's
 * error envelope (or, for a scan still running, its job), so a host keeps `retryable` and when to retry.
 */
const RESOURCE_NOT_FOUND = -32002;
const INVALID_PARAMS = -32602;
const SERVER_ERROR = -32000;

type ToolHandler = (
  deps: ServiceDeps,
  request: { args: { scanId: string }; caller: Caller },
) => Promise<{ status: number; body: unknown; retryAfterSeconds?: number }>;

/**
 * The resource methods of one caller's server (`resources/templates/list`, `resources/list`,
 * `resources/read`), or none when the caller may call none of the tools behind them. Plain handlers rather
 * than the SDK's `registerResource`: the stateless endpoints build a server for every request, and
 * registering cost about 10 µs per request (BENCHMARKS.md "MCP read"); these are only looked up when asked.
 */
export function scanResourceMethods(input: { service: ServiceDeps; caller: Caller; tools: ReadonlySet<McpToolName> }): ExtraMethods {
  const offered = SCAN_RESOURCES.filter((candidate) => input.tools.has(candidate.tool));
  if (offered.length === 0) return new Map();
  const read = async (uri: string): Promise<ReadResourceResult> => {
    const match = RESOURCE_URI.exec(uri);
    const resource = match === null ? undefined : offered.find((candidate) => candidate.path === match[2]);
    if (match === null || resource === undefined) throw toJsonRpcError(RESOURCE_NOT_FOUND, `Resource ${uri.slice(0, 200)} not found`);
    const handler = MCP_TOOL_HANDLERS[resource.tool] as unknown as ToolHandler;
    const outcome = await handler(input.service, { args: { scanId: match[1]! }, caller: input.caller }).catch((error: unknown) => {
      const envelope = toErrorEnvelope(error);
      const { code, message } = envelope.error;
      const jsonRpc = code === "not_found" ? RESOURCE_NOT_FOUND : code === "invalid_request" ? INVALID_PARAMS : SERVER_ERROR;
      throw toJsonRpcError(jsonRpc, `${code}: ${message}`, envelope);
    });
    if (outcome.status === 202) {
      const summary = summarizeToolBody("service_get_scan_status", outcome.body);
      throw toJsonRpcError(
        SERVER_ERROR,
        `scan_not_ready: ${summary} Read the resource again in ${outcome.retryAfterSeconds ?? 5} s.`,
        outcome.body,
      );
    }
    return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(outcome.body) }] };
  };
  return new Map<string, ExtraMethod>([
    [
      "resources/templates/list",
      () =>
        Promise.resolve({
          resourceTemplates: offered.map((resource) => ({
            name: resource.name,
            title: resource.title,
            uriTemplate: `public-scan://scans/{scanId}/${resource.path}`,
            description: resource.description,
            mimeType: "application/json",
          })),
        }),
    ],
    // Nothing to list: a caller's scans are named by their ids, not browsed.
    ["resources/list", () => Promise.resolve({ resources: [] })],
    [
      "resources/read",
      async (request) => {
        const parsed = ReadResourceRequestSchema.safeParse(request);
        if (!parsed.success) throw toJsonRpcError(INVALID_PARAMS, "resources/read needs params.uri, a string");
        return read(parsed.data.params.uri);
      },
    ],
  ]);
}
