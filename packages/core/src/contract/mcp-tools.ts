import { z } from "zod";
import { FreshnessSchema, ScanUrlSchema } from "./create-scan-request.js";
import { MCP_LIGHT_TOOL_NAMES, type McpToolName } from "./mcp-tool-names.js";
import type { OperationId, ReadWeight } from "./operations.js";
import { CreateMonitorRequestSchema, MonitorIdSchema, MonitorScheduleSchema } from "./monitor.js";
import { RegionCodeSchema, ScanIdSchema } from "./primitives.js";
import { BundleDetailSchema, BundleMaxBytesSchema } from "./scan-bundle.js";
import type { Scope } from "./scopes.js";

/** How long `service_scan_site` waits for the scan to finish before it answers with the job (contract: 45 s). */
export const SCAN_SITE_DEFAULT_WAIT_SECONDS = 45;

const ScanIdInput = z.strictObject({ scanId: ScanIdSchema });
// Domains are checked by the same use-case as the REST path parameter, so both surfaces refuse alike.
const DomainInput = z.strictObject({ domain: z.string().trim().min(1).max(253).meta({ example: "example.com" }) });

/**
 * One MCP tool of the contract: its input, the scopes a hosted OAuth token needs, the weighted read it
 * counts as, whether the anonymous Light endpoint offers it, and the REST operation it mirrors (same
 * use-case, same rendering), if any. The MCP servers, the stdio server and the client are loops over this
 * table; which use-case each tool calls is in core's use-case layer (`MCP_TOOL_HANDLERS`).
 */
export interface McpToolSpec {
  readonly name: McpToolName;
  readonly summary: string;
  readonly input: z.ZodObject;
  /** Scopes a hosted OAuth token must hold (all of them). The Light endpoint is anonymous. */
  readonly scopes: readonly Scope[];
  /** The weighted read limits' policy and units; null for scan creation (counted by the scan quota). */
  readonly readWeight: ReadWeight | null;
  readonly light: boolean;
  readonly operationId: OperationId | null;
}

const READ: readonly Scope[] = ["mcp", "scan:read"];
const RESOURCE_1 = { policy: "resource", units: 1 } as const;
const RESOURCE_4 = { policy: "resource", units: 4 } as const;

const MONITORS: readonly Scope[] = ["mcp", "monitor:write"];
const MonitorIdInput = z.strictObject({ monitorId: MonitorIdSchema });
/**
 * A monitor tool's entry: a key's own monitors, with `monitor:write` (as REST's monitor routes); reads count
 * as their REST operation, changes nothing (a key's monitors are capped instead).
 */
function monitorTool<const Name extends McpToolName, const Input extends z.ZodObject, const Id extends OperationId>(
  name: Name,
  spec: { summary: string; input: Input; operationId: Id; read: boolean },
) {
  return tool({
    name,
    summary: spec.summary,
    input: spec.input,
    scopes: MONITORS,
    readWeight: spec.read ? RESOURCE_1 : null,
    operationId: spec.operationId,
  });
}

/** Keeps each entry's literal name and input type; the Light flag comes from the contract's Light list. */
function tool<const Spec extends Omit<McpToolSpec, "light">>(spec: Spec): Spec & { readonly light: boolean } {
  return { ...spec, light: (MCP_LIGHT_TOOL_NAMES as readonly string[]).includes(spec.name) };
}

/**
 * The 12 tools of the contract, in its order, then this service's: the changes between two scans of a
 * target, as REST's changes route, and a key's monitors, as REST's monitor routes (docs/api.md "MCP tools"
 * gives the decisions taken here).
 */
export const MCP_TOOLS = [
  tool({
    name: "service_scan_site",
    summary: "Start or reuse a scan of a public URL; waits up to 45 s for it by default.",
    input: z.strictObject({
      url: ScanUrlSchema,
      scanFrom: RegionCodeSchema.optional(),
      freshness: FreshnessSchema.optional().meta({
        description: "`latest` (default) reuses a recent scan of the URL; `fresh` always starts a new one, as on REST.",
      }),
      waitSeconds: z
        .int()
        .min(0)
        .max(SCAN_SITE_DEFAULT_WAIT_SECONDS)
        .optional()
        .meta({ description: `Seconds to wait for the result (default ${SCAN_SITE_DEFAULT_WAIT_SECONDS}).` }),
    }),
    scopes: ["mcp", "scan:create"],
    readWeight: null,
    operationId: "createScan",
  }),
  tool({
    name: "service_get_scan_status",
    summary: "Poll a scan by its scanId: phase and progress while active, headline results when done.",
    input: ScanIdInput,
    scopes: READ,
    readWeight: { policy: "status", units: 1 },
    operationId: "getScanStatus",
  }),
  tool({
    name: "service_get_scan_bundle",
    summary: "A combined digest of a completed scan within a byte budget.",
    input: z.strictObject({
      scanId: ScanIdSchema,
      detail: BundleDetailSchema.optional(),
      maxBytes: BundleMaxBytesSchema.optional(),
    }),
    scopes: READ,
    readWeight: RESOURCE_4,
    operationId: null,
  }),
  tool({
    name: "service_get_scan",
    summary: "The Scan resource.",
    input: ScanIdInput,
    scopes: READ,
    readWeight: RESOURCE_1,
    operationId: "getScan",
  }),
  tool({
    name: "service_get_report",
    summary: "The bounded Pulse report.",
    input: ScanIdInput,
    scopes: READ,
    readWeight: RESOURCE_4,
    operationId: "getScanPulse",
  }),
  tool({
    name: "service_get_evidence",
    summary: "The bounded public-safe evidence packet.",
    input: ScanIdInput,
    scopes: READ,
    readWeight: RESOURCE_4,
    operationId: null,
  }),
  tool({
    name: "service_export_findings",
    summary: "Structured findings with the no-go disposition.",
    input: ScanIdInput,
    scopes: READ,
    readWeight: RESOURCE_4,
    operationId: null,
  }),
  tool({
    name: "service_list_findings",
    summary: "The bounded findings list.",
    input: ScanIdInput,
    scopes: READ,
    readWeight: RESOURCE_1,
    operationId: "listScanFindings",
  }),
  tool({
    name: "service_get_pre_consent_cookies_trackers",
    summary: "The row-level table of cookies, storage and trackers before consent.",
    input: ScanIdInput,
    scopes: READ,
    readWeight: RESOURCE_1,
    operationId: "getScanPreConsentCookiesTrackers",
  }),
  tool({
    name: "service_explain_finding",
    summary: "One finding with its evidence, caveats and next steps.",
    input: z.strictObject({ scanId: ScanIdSchema, finding: z.string().min(1).max(80).meta({ example: "pre_consent_tracking_cookies" }) }),
    scopes: READ,
    readWeight: RESOURCE_1,
    operationId: "getScanFinding",
  }),
  tool({
    name: "service_get_latest_domain_scan",
    summary: "The latest eligible scan of a domain.",
    input: DomainInput,
    scopes: READ,
    readWeight: RESOURCE_1,
    operationId: "getDomainLatestScan",
  }),
  tool({
    name: "service_get_latest_domain_pre_consent_cookies_trackers",
    summary: "The pre-consent table of a domain's latest eligible scan.",
    input: DomainInput.extend({ scanFrom: RegionCodeSchema.optional() }),
    scopes: READ,
    readWeight: RESOURCE_1,
    operationId: "getDomainLatestPreConsentCookiesTrackers",
  }),
  tool({
    name: "service_get_scan_changes",
    summary: "What changed since an earlier scan of the same URL and region: findings, rows per phase, headlines.",
    input: z.strictObject({
      scanId: ScanIdSchema,
      since: ScanIdSchema.optional().meta({
        description: "The earlier scan to compare with (default: the target's latest when this scan completed).",
      }),
    }),
    scopes: READ,
    readWeight: RESOURCE_4,
    operationId: "getScanChanges",
  }),
  monitorTool("service_list_monitors", {
    summary: "The caller's monitors, newest first, each with its latest run.",
    input: z.strictObject({}),
    operationId: "listMonitors",
    read: true,
  }),
  monitorTool("service_get_monitor", {
    summary: "One monitor with its schedule, status and latest run.",
    input: MonitorIdInput,
    operationId: "getMonitor",
    read: true,
  }),
  monitorTool("service_list_monitor_runs", {
    summary: "A monitor's latest runs: each one's scan, event, change summary and webhook delivery log.",
    input: MonitorIdInput,
    operationId: "listMonitorRuns",
    read: true,
  }),
  monitorTool("service_create_monitor", {
    summary: "Rescan a public URL on a schedule, optionally calling a signed webhook with what changed.",
    // The request's shape without its OpenAPI ids: an MCP input schema is one object, not a `$ref`.
    input: z.strictObject({ ...CreateMonitorRequestSchema.shape, schedule: z.discriminatedUnion("kind", MonitorScheduleSchema.options) }),
    operationId: "createMonitor",
    read: false,
  }),
  monitorTool("service_pause_monitor", {
    summary: "Pause a monitor's runs.",
    input: MonitorIdInput,
    operationId: "pauseMonitor",
    read: false,
  }),
  monitorTool("service_resume_monitor", {
    summary: "Resume a paused or disabled monitor.",
    input: MonitorIdInput,
    operationId: "resumeMonitor",
    read: false,
  }),
  monitorTool("service_delete_monitor", {
    summary: "Delete a monitor, its schedule and its runs.",
    input: MonitorIdInput,
    operationId: "deleteMonitor",
    read: false,
  }),
  monitorTool("service_rotate_monitor_webhook_secret", {
    summary: "A new webhook signing secret, shown once; the previous one signs beside it for a day.",
    input: MonitorIdInput,
    operationId: "rotateMonitorWebhookSecret",
    read: false,
  }),
] as const satisfies readonly McpToolSpec[];

/** Whether a tool acts on monitors: a host without monitors does not offer it. */
export const isMonitorTool = (spec: Pick<McpToolSpec, "scopes">): boolean => spec.scopes.includes("monitor:write");
