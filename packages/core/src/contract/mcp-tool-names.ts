import { z } from "zod";

/**
 * The MCP tools of the contract, in its order, then this service's (the changes between two scans, and a
 * key's monitors). Names carry the neutral word `service`.
 */
export const MCP_TOOL_NAMES = [
  "service_scan_site",
  "service_get_scan_status",
  "service_get_scan_bundle",
  "service_get_scan",
  "service_get_report",
  "service_get_evidence",
  "service_export_findings",
  "service_list_findings",
  "service_get_pre_consent_cookies_trackers",
  "service_explain_finding",
  "service_get_latest_domain_scan",
  "service_get_latest_domain_pre_consent_cookies_trackers",
  "service_get_scan_changes",
  "service_list_monitors",
  "service_get_monitor",
  "service_list_monitor_runs",
  "service_create_monitor",
  "service_pause_monitor",
  "service_resume_monitor",
  "service_delete_monitor",
  "service_rotate_monitor_webhook_secret",
] as const;
export type McpToolName = (typeof MCP_TOOL_NAMES)[number];

/** The Light endpoint exposes exactly these (contract). */
export const MCP_LIGHT_TOOL_NAMES = [
  "service_scan_site",
  "service_get_scan_status",
  "service_get_scan_bundle",
] as const satisfies readonly McpToolName[];

export const McpToolNameSchema = z.enum(MCP_TOOL_NAMES).meta({ description: "An MCP tool name.", example: "service_get_scan_status" });
