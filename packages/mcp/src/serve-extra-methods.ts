import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ServerCapabilities } from "@modelcontextprotocol/sdk/types.js";
import { toJsonRpcError } from "./to-json-rpc-error.js";

/** One JSON-RPC method's handler: the whole request as received; it validates its own params. */
export type ExtraMethod = (request: { method: string; params?: unknown }) => Promise<Record<string, unknown>>;
export type ExtraMethods = ReadonlyMap<string, ExtraMethod>;

/** JSON-RPC "method not found". */
const METHOD_NOT_FOUND = -32601;

/**
 * Serves methods beyond the tools (resources, prompts) through the SDK server's fallback handler, and
 * declares their capabilities. The SDK's `setRequestHandler` inspects each request schema when it is called,
 * a cost every request would pay (the stateless endpoints build a server per request) for methods a request
 * rarely uses; the fallback costs nothing until a request names one of them.
 */
export function serveExtraMethods(server: McpServer, methods: ExtraMethods, capabilities: ServerCapabilities): void {
  if (methods.size === 0) return;
  server.server.registerCapabilities(capabilities);
  server.server.fallbackRequestHandler = (request) => {
    const method = methods.get(request.method);
    if (method === undefined) return Promise.reject(toJsonRpcError(METHOD_NOT_FOUND, "Method not found"));
    return method(request);
  };
}
