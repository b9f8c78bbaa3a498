import { McpError } from "@modelcontextprotocol/sdk/types.js";

/**
 * An error a request handler throws to answer with this JSON-RPC error: the SDK sends a thrown error's
 * `code`, `message` and `data` as they are. Not an `McpError`, whose message carries an "MCP error <code>:"
 * prefix that the client's own McpError then repeats.
 */
export function toJsonRpcError(code: number, message: string, data?: unknown): Error & { code: number; data?: unknown } {
  return Object.assign(new Error(message), { code, ...(data === undefined ? {} : { data }) });
}

/** An error a client received (an `McpError`), to answer with again unchanged, without its prefix. */
export function passJsonRpcError(error: unknown): never {
  if (error instanceof McpError) throw toJsonRpcError(error.code, error.message.replace(/^MCP error -?\d+: /, ""), error.data);
  throw error;
}
