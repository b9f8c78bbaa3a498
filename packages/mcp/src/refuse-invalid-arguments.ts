import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, type CallToolRequest, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { toInvalidRequest } from "@public-scan/core";
import type { z } from "zod";
import { toToolError } from "./to-tool-result.js";

type CallToolHandler = (request: CallToolRequest, extra: unknown) => Promise<CallToolResult>;

/**
 * Refuses a tool call whose arguments do not fit the tool's input schema with the contract's
 * `invalid_request` envelope, as REST answers a malformed body (400): the field named, `retryable`
 * false, and the next action. The SDK checks arguments before a tool's callback runs, but answers with a
 * bare text ("Input validation error: ...") that carries none of the envelope's fields, so a host
 * following the contract's rule "retry only when retryable is true" could not tell. The same schema
 * checks first here; a call that passes goes on to the SDK unchanged (which checks it again).
 *
 * The SDK installs its tools/call handler through the low-level server's public `setRequestHandler`,
 * when the first tool is registered on a server created without a `tools` capability: `register` runs
 * with that call intercepted, and throws if the SDK installed no handler through it (an SDK that changed
 * how it does would be noticed at the first server, not by a silent loss of the envelope).
 */
export function refuseInvalidArguments(server: McpServer, inputs: ReadonlyMap<string, z.ZodType>, register: () => void): void {
  const lowLevel = server.server;
  const install = lowLevel.setRequestHandler.bind(lowLevel) as (schema: unknown, handler: unknown) => void;
  let wrapped = false;
  const intercept = (schema: unknown, handler: unknown) => {
    if (schema !== CallToolRequestSchema) return install(schema, handler);
    const answer = handler as CallToolHandler;
    const checked: CallToolHandler = (request, extra) => {
      const parsed = inputs.get(request.params.name)?.safeParse(request.params.arguments ?? {});
      if (parsed !== undefined && !parsed.success) return Promise.resolve(toToolError(toInvalidRequest(parsed.error, "arguments")));
      return answer(request, extra);
    };
    wrapped = true;
    return install(schema, checked);
  };
  lowLevel.setRequestHandler = intercept;
  try {
    register();
  } finally {
    // The own property goes; the class's method shows through again.
    Reflect.deleteProperty(lowLevel, "setRequestHandler");
  }
  if (inputs.size > 0 && !wrapped) throw new Error("refuseInvalidArguments: the MCP SDK installed its tools/call handler another way");
}
