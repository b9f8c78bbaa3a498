import {
  CreatedMonitorSchema,
  DeletedMonitorSchema,
  FindingDetailSchema,
  FindingListSchema,
  FindingsExportSchema,
  MonitorListSchema,
  MonitorRunListSchema,
  MonitorSchema,
  PreConsentTableSchema,
  PulseEvidenceSchema,
  PulseSchema,
  ScanBundleSchema,
  RotatedMonitorSecretSchema,
  ScanChangesSchema,
  ScanIdSchema,
  type McpToolName,
} from "@public-scan/core";
import { z } from "zod";

/**
 * A scan or its job, for the tools that answer either. MCP wants an output schema of type object, and the
 * contract's ScanOrJob is a union, so the schema names the fields both share and lets the rest through;
 * `type` says which one it is (`service_scan` or `service_scan_job`), as in REST.
 */
const ScanOrJobOutput = z
  .object({
    type: z.enum(["service_scan", "service_scan_job"]),
    scanId: ScanIdSchema,
    status: z.string(),
    domain: z.string(),
    recommendedNextTool: z.string().optional(),
    disclaimer: z.string(),
  })
  .loose();

/**
 * The contract's resource schemas carry an OpenAPI id, which JSON Schema renders as a top-level `$ref`;
 * MCP wants the output schema itself to be an object, so the tool gets a copy of the shape without the id.
 */
const unnamed = (schema: z.ZodObject) => z.object(schema.shape);

/** The output schema of each tool: the same resource REST answers with, so both surfaces read alike. */
export const TOOL_OUTPUTS: { readonly [Name in McpToolName]: z.ZodObject } = {
  service_scan_site: ScanOrJobOutput,
  service_get_scan_status: ScanOrJobOutput,
  service_get_scan_bundle: unnamed(ScanBundleSchema),
  service_get_scan: ScanOrJobOutput,
  service_get_report: unnamed(PulseSchema),
  service_get_evidence: unnamed(PulseEvidenceSchema),
  service_export_findings: unnamed(FindingsExportSchema),
  service_list_findings: unnamed(FindingListSchema),
  service_get_pre_consent_cookies_trackers: unnamed(PreConsentTableSchema),
  service_explain_finding: unnamed(FindingDetailSchema),
  service_get_latest_domain_scan: ScanOrJobOutput,
  service_get_latest_domain_pre_consent_cookies_trackers: unnamed(PreConsentTableSchema),
  service_get_scan_changes: unnamed(ScanChangesSchema),
  service_list_monitors: unnamed(MonitorListSchema),
  service_get_monitor: unnamed(MonitorSchema),
  service_list_monitor_runs: unnamed(MonitorRunListSchema),
  service_create_monitor: unnamed(CreatedMonitorSchema),
  service_pause_monitor: unnamed(MonitorSchema),
  service_resume_monitor: unnamed(MonitorSchema),
  service_delete_monitor: unnamed(DeletedMonitorSchema),
  service_rotate_monitor_webhook_secret: unnamed(RotatedMonitorSecretSchema),
};

/** Whether a tool answers a scan or its job (so a running scan is an answer), rather than a finished result. */
export const answersScanOrJob = (name: McpToolName): boolean => TOOL_OUTPUTS[name] === ScanOrJobOutput;
