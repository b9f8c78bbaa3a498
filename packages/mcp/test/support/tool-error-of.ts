import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ErrorEnvelopeSchema, type ErrorEnvelope } from "@public-scan/core";

/**
 * The contract's error envelope of a tool error, as a host's model reads it: a tool error (`isError`) with
 * no structured content (that would be validated against the tool's success schema) and, in its text, one
 * line then the envelope's JSON.
 */
export function toolErrorOf(result: CallToolResult): ErrorEnvelope["error"] {
  if (result.isError !== true) throw new Error(`not a tool error: ${JSON.stringify(result).slice(0, 300)}`);
  if (result.structuredContent !== undefined) throw new Error("a tool error carries no structured content");
  const text = (result.content[0] as { text: string }).text;
  return ErrorEnvelopeSchema.parse(JSON.parse(text.slice(text.indexOf("\n") + 1))).error;
}
