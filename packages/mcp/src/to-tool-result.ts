import { toErrorEnvelope, type McpToolName } from "@public-scan/core";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { summarizeToolBody } from "./summarize-tool-body.js";

/**
 * A tool's answer: the resource as `structuredContent`, and as text a one-line summary followed by the
 * same JSON, for hosts that show only text (the MCP specification asks for the serialised JSON there).
 */
export function toToolResult(name: McpToolName, body: unknown): CallToolResult {
  const json = JSON.stringify(body);
  return {
    content: [{ type: "text", text: `${summarizeToolBody(name, body)}\n${json}` }],
    structuredContent: body as Record<string, unknown>,
  };
}

/**
 * Anything a tool threw, as a tool error (`isError`) carrying the REST error envelope: code, message,
 * retryable, retryAfterSeconds, recommendedNextAction and, for limits, the machine-readable rate-limit
 * fields. Unexpected errors are redacted by the envelope builder, so no stack or internal text leaks.
 */
export function toToolError(error: unknown): CallToolResult {
  const envelope = toErrorEnvelope(error);
  const { code, message, retryable, retryAfterSeconds } = envelope.error;
  const wait = retryable && retryAfterSeconds !== null ? ` Retry after ${retryAfterSeconds} s.` : "";
  return {
    isError: true,
    content: [{ type: "text", text: `${code}: ${message}${wait}\n${JSON.stringify(envelope)}` }],
    structuredContent: envelope,
  };
}
