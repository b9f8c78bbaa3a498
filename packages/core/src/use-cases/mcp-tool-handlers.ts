import type { z } from "zod";
import type { McpToolName } from "../contract/mcp-tool-names.js";
import type { MCP_TOOLS } from "../contract/mcp-tools.js";
import { ServiceError } from "../errors/service-error.js";
import { deleteMonitor, pauseMonitor, resumeMonitor, rotateMonitorWebhookSecret } from "../monitors/change-monitor.js";
import { createMonitor } from "../monitors/create-monitor.js";
import type { MonitorDeps } from "../monitors/monitor-deps.js";
import { getMonitor, listMonitorRuns, listMonitors } from "../monitors/read-monitors.js";
import { toFindingsExport } from "../render/to-findings-export.js";
import { HEAVY_READ } from "./check-read-limit.js";
import { createScan } from "./create-scan.js";
import { getDomainLatest, getDomainLatestTable } from "./get-domain-latest.js";
import { getScan, getScanStatus } from "./get-scan.js";
import { getScanChanges } from "./get-scan-changes.js";
import { getScanResult } from "./get-scan-result.js";
import type { Outcome } from "./outcome.js";
import { getBundle, getFinding, getPreConsentTable, getPulse, getPulseEvidence, listFindings } from "./scan-results.js";
import type { Caller, ServiceDeps } from "./service-deps.js";

type ToolSpec<Name extends McpToolName> = Extract<(typeof MCP_TOOLS)[number], { name: Name }>;
/** A tool's arguments after its input schema parsed them. */
export type McpToolArguments<Name extends McpToolName> = z.infer<ToolSpec<Name>["input"]>;

export type McpToolHandler<Name extends McpToolName> = (
  deps: ServiceDeps,
  input: {
    args: McpToolArguments<Name>;
    caller: Caller;
    /** The host's monitors (store, scheduler, webhook sender); the monitor tools of a host without them are `not_found`. */
    monitors?: Omit<MonitorDeps, "service"> | undefined;
  },
) => Promise<Outcome<unknown> | { status: 200; body: unknown }>;

/** The monitor deps of a host that runs monitors, as REST's monitor routes take them. */
function monitorDeps(service: ServiceDeps, monitors: Omit<MonitorDeps, "service"> | undefined): MonitorDeps {
  if (monitors === undefined) throw new ServiceError("not_found", "This deployment does not run monitors.");
  return { service, ...monitors };
}

/**
 * The structured findings export (contract: "structured findings plus no-go disposition"): every finding in
 * full with the scan's overview, disposition and caveats (`toFindingsExport`), counted as an export (4 units).
 */
export const exportFindings = (deps: ServiceDeps, input: { scanId: string; caller: Caller }) =>
  getScanResult(deps, { ...input, weight: HEAVY_READ }, toFindingsExport);

/**
 * Which use-case each MCP tool calls, with its parsed arguments: one line each, so every MCP surface
 * (hosted, Light, stdio through the REST client) is a loop over `MCP_TOOLS` and this table. Waiting for a
 * scan (`waitSeconds`) is the MCP server's loop over `service_get_scan_status`'s use-case, not a use-case.
 */
export const MCP_TOOL_HANDLERS: { [Name in McpToolName]: McpToolHandler<Name> } = {
  service_scan_site: (deps, { args, caller }) =>
    createScan(deps, {
      body: {
        url: args.url,
        ...(args.scanFrom === undefined ? {} : { scanFrom: args.scanFrom }),
        ...(args.freshness === undefined ? {} : { freshness: args.freshness }),
      },
      caller,
    }),
  service_get_scan_status: (deps, { args, caller }) => getScanStatus(deps, { scanId: args.scanId, caller }),
  service_get_scan_bundle: (deps, { args, caller }) => getBundle(deps, { ...args, caller }),
  service_get_scan: (deps, { args, caller }) => getScan(deps, { scanId: args.scanId, caller }),
  service_get_report: (deps, { args, caller }) => getPulse(deps, { scanId: args.scanId, caller }),
  service_get_evidence: (deps, { args, caller }) => getPulseEvidence(deps, { scanId: args.scanId, caller }),
  service_export_findings: (deps, { args, caller }) => exportFindings(deps, { scanId: args.scanId, caller }),
  service_list_findings: (deps, { args, caller }) => listFindings(deps, { scanId: args.scanId, caller }),
  service_get_pre_consent_cookies_trackers: (deps, { args, caller }) => getPreConsentTable(deps, { scanId: args.scanId, caller }),
  service_explain_finding: (deps, { args, caller }) => getFinding(deps, { scanId: args.scanId, findingId: args.finding, caller }),
  service_get_latest_domain_scan: (deps, { args, caller }) => getDomainLatest(deps, { domain: args.domain, caller }),
  service_get_latest_domain_pre_consent_cookies_trackers: (deps, { args, caller }) =>
    getDomainLatestTable(deps, { domain: args.domain, ...(args.scanFrom === undefined ? {} : { scanFrom: args.scanFrom }), caller }),
  service_get_scan_changes: (deps, { args, caller }) => getScanChanges(deps, { scanId: args.scanId, since: args.since, caller }),
  service_list_monitors: (deps, { caller, monitors }) => listMonitors(monitorDeps(deps, monitors), { caller }),
  service_get_monitor: (deps, { args, caller, monitors }) => getMonitor(monitorDeps(deps, monitors), { monitorId: args.monitorId, caller }),
  service_list_monitor_runs: (deps, { args, caller, monitors }) =>
    listMonitorRuns(monitorDeps(deps, monitors), { monitorId: args.monitorId, caller }),
  service_create_monitor: (deps, { args, caller, monitors }) => createMonitor(monitorDeps(deps, monitors), { body: args, caller }),
  service_pause_monitor: (deps, { args, caller, monitors }) =>
    pauseMonitor(monitorDeps(deps, monitors), { monitorId: args.monitorId, caller }),
  service_resume_monitor: (deps, { args, caller, monitors }) =>
    resumeMonitor(monitorDeps(deps, monitors), { monitorId: args.monitorId, caller }),
  service_delete_monitor: (deps, { args, caller, monitors }) =>
    deleteMonitor(monitorDeps(deps, monitors), { monitorId: args.monitorId, caller }),
  service_rotate_monitor_webhook_secret: (deps, { args, caller, monitors }) =>
    rotateMonitorWebhookSecret(monitorDeps(deps, monitors), { monitorId: args.monitorId, caller }),
};
