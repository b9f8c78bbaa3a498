import type { McpToolName } from "@public-scan/core";

/** MCP's tool annotations: hints for a host deciding what to confirm with the person before a call. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const CHANGE: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/**
 * Each tool's annotations. Reading a stored result is read-only; scanning visits the open web and may use
 * quota; creating a monitor schedules visits and webhook calls; deleting one loses its runs; a new webhook
 * secret retires the old one. Pause, resume and delete are idempotent, as their REST routes.
 */
export const TOOL_ANNOTATIONS: { readonly [Name in McpToolName]: ToolAnnotations } = {
  service_scan_site: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  service_get_scan_status: READ,
  service_get_scan_bundle: READ,
  service_get_scan: READ,
  service_get_report: READ,
  service_get_evidence: READ,
  service_export_findings: READ,
  service_list_findings: READ,
  service_get_pre_consent_cookies_trackers: READ,
  service_explain_finding: READ,
  service_get_latest_domain_scan: READ,
  service_get_latest_domain_pre_consent_cookies_trackers: READ,
  service_get_scan_changes: READ,
  service_list_monitors: READ,
  service_get_monitor: READ,
  service_list_monitor_runs: READ,
  service_create_monitor: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  service_pause_monitor: CHANGE,
  service_resume_monitor: CHANGE,
  service_delete_monitor: { ...CHANGE, destructiveHint: true },
  service_rotate_monitor_webhook_secret: { ...CHANGE, destructiveHint: true, idempotentHint: false },
};
