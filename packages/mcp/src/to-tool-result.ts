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
 * Anything a tool threw, as a tool error (`isError`): a line the model can act on, then the REST error
 * envelope as JSON (code, message, retryable, retryAfterSeconds, recommendedNextAction and, for limits, the
 * machine-readable rate-limit fields). Text only, never `structuredContent`: a client that listed the tools
 * validates any structured content against the tool's output schema, which describes its success, and
 * the SDK then throws the whole answer away (-32602). Unexpected errors are redacted by the envelope builder.
 */
export function toToolError(error: unknown): CallToolResult {
  const envelope = toErrorEnvelope(error);
  const { code, message, retryable, retryAfterSeconds } = envelope.error;
  const wait = retryable && retryAfterSeconds !== null ? ` Retry after ${retryAfterSeconds} s.` : retryable ? "" : " Do not retry as is.";
  return {
    isError: true,
    content: [{ type: "text", text: `${code}: ${message}${wait}\n${JSON.stringify(envelope)}` }],
  };
}

/**
 * A result tool asked about a scan that is still running: what REST answers then (202 with the ScanJob: its
 * status, phase, progress and when to ask again), as a tool error in text, since the tool's output schema
 * describes the finished result. The model is told which tool to poll and when.
 */
export function toPendingResult(name: McpToolName, job: unknown, retryAfterSeconds: number): CallToolResult {
  const summary = summarizeToolBody("service_get_scan_status", job);
  return {
    isError: true,
    content: [
      {
        type: "text",
        text: `scan_not_ready: ${summary} ${name} answers once the scan has completed: call service_get_scan_status in ${retryAfterSeconds} s, then ${name} again.\n${JSON.stringify(job)}`,
      },
    ],
  };
}
