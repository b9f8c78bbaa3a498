import type { McpToolName } from "@public-scan/core";

type Fields = Record<string, unknown>;
/** A field the summary names: strings and numbers as they are, anything else as unknown. */
const text = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "unknown");
const isFields = (value: unknown): value is Fields => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * One line an assistant can read before the JSON: what the resource is, its state and what to do next.
 * Only fields of the public resource are used, never anything the resource does not carry.
 */
export function summarizeToolBody(name: McpToolName, body: unknown): string {
  if (!isFields(body)) return name;
  if (body.type === "service_scan") {
    // A no-go's score is the contract's integer placeholder (0), not a measurement: a model reading "score 0"
    // would report a failing site, where the page could not be observed at all.
    const score =
      body.scoreStatus === "not_assessed"
        ? "score not assessed (the page could not be observed: incomplete evidence, not a failure)"
        : typeof body.score === "number"
          ? `score ${body.score}`
          : "no score";
    const next = typeof body.recommendedNextTool === "string" ? body.recommendedNextTool : "service_get_scan_bundle";
    return `Scan ${text(body.scanId)} of ${text(body.domain)}: ${text(body.status)}, ${score}, risk ${text(body.riskLevel)}. Next: ${next}.`;
  }
  if (body.type === "service_scan_job") {
    const progress = typeof body.progressPercent === "number" ? `, ${body.progressPercent}%` : "";
    const retry = typeof body.retryAfterSeconds === "number" ? ` Poll service_get_scan_status in ${body.retryAfterSeconds} s.` : "";
    return `Scan ${text(body.scanId)} of ${text(body.domain)}: ${text(body.status)}${progress}.${retry}`;
  }
  const counts = ["findings", "rows"].flatMap((key) => (Array.isArray(body[key]) ? [`${body[key].length} ${key}`] : []));
  return `${name}${typeof body.scanId === "string" ? ` for scan ${body.scanId}` : ""}${counts.length > 0 ? `: ${counts.join(", ")}` : ""}.`;
}
