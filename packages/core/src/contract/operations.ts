import { z } from "zod";
import { AuthCheckSchema } from "./auth-check.js";
import { IssuedApiKeySchema, ReadOnlyKeyRequestSchema } from "./api-key.js";
import { CreateScanRequestSchema } from "./create-scan-request.js";
import { ScanDiagnosticsSchema } from "./diagnostics.js";
import type { ErrorCode } from "./error-codes.js";
import { FindingDetailSchema, FindingListSchema } from "./finding.js";
import { HealthSchema } from "./health.js";
import { PreConsentTableSchema } from "./pre-consent-table.js";
import { PulseSchema } from "./pulse.js";
import { ScanSchema } from "./scan.js";
import { ScanJobSchema } from "./scan-job.js";
import { ScanOrJobSchema } from "./scan-status.js";
import { ScanChangesSchema } from "./scan-changes.js";
import {
  CreatedMonitorSchema,
  CreateMonitorRequestSchema,
  DeletedMonitorSchema,
  MonitorListSchema,
  MonitorRunListSchema,
  MonitorSchema,
  RotatedMonitorSecretSchema,
} from "./monitor.js";
import type { Scope } from "./scopes.js";
import { OpenApiDocumentSchema } from "./openapi-document.js";
import { SCAN_EXPORT_FORMATS, SCAN_EXPORT_MEDIA_TYPES } from "./scan-export.js";

/**
 * How a caller authenticates to an operation:
 * - `none`: public (health, the OpenAPI document);
 * - `bearer`: an API key or OAuth access token is required;
 * - `bearer_optional`: anonymous callers are served on the anonymous quota; a supplied bearer must be valid;
 * - `dashboard_session`: a signed-in dashboard session (cookie), no bearer.
 */
export type OperationSecurity = "none" | "bearer" | "bearer_optional" | "dashboard_session";

/**
 * Which weighted read policy counts the request (contract "Limits"), and with how many units: 1 for an
 * ordinary read, 4 for evidence, full report, diagnostics, export or a composite bundle.
 */
export interface ReadWeight {
  readonly policy: "resource" | "status";
  readonly units: 1 | 4;
}

export interface OperationSpec {
  readonly operationId: string;
  readonly method: "get" | "post" | "delete";
  /** OpenAPI-style path with `{param}` placeholders, relative to the base URL. */
  readonly path: `/api/v2/${string}`;
  readonly summary: string;
  readonly pathParams: readonly ("scanId" | "findingId" | "domain" | "format" | "monitorId")[];
  readonly queryParams: readonly ("scanFrom" | "failOn" | "minScore" | "since")[];
  readonly security: OperationSecurity;
  /** Scopes a bearer must hold (all of them). Empty: any valid credential. */
  readonly scopes: readonly Scope[];
  readonly readWeight: ReadWeight | null;
  readonly requestBody: { readonly schema: z.ZodType; readonly required: boolean } | null;
  /** Success statuses and their body schema. */
  readonly responses: Readonly<Partial<Record<200 | 201 | 202, z.ZodType>>>;
  readonly errors: readonly ErrorCode[];
  /**
   * The media types of a 200 that is a file rather than JSON (the exports): the body is text, and the
   * `responses[200]` schema is the string's.
   */
  readonly produces?: readonly string[];
  /** A route this service adds to the contract's table (documented in docs/api.md); absent on the contract's. */
  readonly extension?: true;
}

const READ_ERRORS = ["invalid_request", "unauthorized", "forbidden", "not_found", "rate_limited", "internal_error"] as const;
const RESOURCE_1 = { policy: "resource", units: 1 } as const;
const RESOURCE_4 = { policy: "resource", units: 4 } as const;

/** The path parameters a scan result route has: its scan, and a finding or a format when the path names one. */
type ResultParams<Sub extends string> = Sub extends `${string}{findingId}${string}`
  ? readonly ["scanId", "findingId"]
  : Sub extends `${string}{format}${string}`
    ? readonly ["scanId", "format"]
    : readonly ["scanId"];

/**
 * A read of one scan's results at `/api/v2/scans/{scanId}` + `sub`. Routes that need a stored result answer
 * 202 with the ScanJob while the scan is still active.
 */
function resultRoute<
  const Id extends string,
  const Sub extends string,
  const S extends Pick<OperationSpec, "summary" | "readWeight" | "responses">,
>(operationId: Id, sub: Sub, spec: S) {
  const second = /\{(findingId|format)\}/.exec(sub)?.[1];
  const pathParams = (second === undefined ? ["scanId"] : ["scanId", second]) as unknown as ResultParams<Sub>;
  return {
    operationId,
    method: "get",
    path: `/api/v2/scans/{scanId}${sub}`,
    ...spec,
    pathParams,
    security: "bearer",
    scopes: ["scan:read"],
    requestBody: null,
    queryParams: [],
    responses: { ...spec.responses, 202: ScanJobSchema },
    errors: READ_ERRORS,
  } as const satisfies OperationSpec;
}

/** The latest eligible scan of a domain and its tables: one read policy, filterable by scan region. */
const DOMAIN_READ = {
  pathParams: ["domain"],
  queryParams: ["scanFrom"],
  security: "bearer",
  scopes: ["scan:read"],
  readWeight: RESOURCE_1,
  errors: READ_ERRORS,
} as const satisfies Partial<OperationSpec>;

/** Discovery routes anyone may read, without a credential or a read limit. */
const PUBLIC_READ = {
  pathParams: [],
  queryParams: [],
  security: "none",
  scopes: [],
  readWeight: null,
  errors: ["internal_error"],
} as const satisfies Partial<OperationSpec>;

/** A GET without a body whose access rules are one of the shared sets above. */
function readRoute<
  const Id extends string,
  const S extends Pick<OperationSpec, "path" | "summary" | "responses">,
  const A extends typeof DOMAIN_READ | typeof PUBLIC_READ,
>(operationId: Id, spec: S, access: A) {
  return { operationId, method: "get", ...spec, ...access, requestBody: null } as const satisfies OperationSpec;
}

/**
 * A route of a key's monitors (docs/api.md "Monitors"): a bearer with `monitor:write`, the caller's own
 * monitors only (another key's is `not_found`). Reads count one unit of the resource policy; changes none
 * (a key's monitors are capped instead).
 */
function monitorRoute<
  const Id extends string,
  const S extends Pick<OperationSpec, "method" | "path" | "summary" | "pathParams" | "requestBody" | "responses">,
>(operationId: Id, spec: S) {
  return {
    operationId,
    ...spec,
    queryParams: [],
    security: "bearer",
    scopes: ["monitor:write"],
    readWeight: spec.method === "get" ? RESOURCE_1 : null,
    errors:
      spec.method === "get" ? READ_ERRORS : ["invalid_request", "unauthorized", "forbidden", "not_found", "rate_limited", "internal_error"],
    extension: true,
  } as const satisfies OperationSpec;
}

const MONITOR_PATH = "/api/v2/monitors/{monitorId}";

/**
 * The 14 operations of the contract, in its order, with its operationIds; then the routes this service
 * adds (`extension: true`): the file exports of a scan, what changed since an earlier scan of its target,
 * and monitors (scheduled rescans with signed webhooks).
 */
export const OPERATIONS = [
  {
    operationId: "requestReadOnlyApiKey",
    method: "post",
    path: "/api/v2/keys/request",
    summary: "Issue a self-serve read-only key",
    pathParams: [],
    queryParams: [],
    security: "dashboard_session",
    scopes: [],
    readWeight: null,
    requestBody: { schema: ReadOnlyKeyRequestSchema, required: false },
    responses: { 201: IssuedApiKeySchema },
    errors: ["invalid_request", "unauthorized", "forbidden", "rate_limited", "internal_error"],
  },
  {
    operationId: "checkIntegrationCredential",
    method: "get",
    path: "/api/v2/auth/check",
    summary: "Validate a bearer credential and list its scopes",
    pathParams: [],
    queryParams: [],
    security: "bearer",
    scopes: [],
    readWeight: null,
    requestBody: null,
    responses: { 200: AuthCheckSchema },
    errors: ["unauthorized", "forbidden", "rate_limited", "internal_error"],
  },
  {
    operationId: "createScan",
    method: "post",
    path: "/api/v2/scans",
    summary: "Create or reuse a scan",
    pathParams: [],
    queryParams: [],
    security: "bearer_optional",
    scopes: ["scan:create"],
    readWeight: null,
    requestBody: { schema: CreateScanRequestSchema, required: true },
    responses: { 200: ScanSchema, 202: ScanJobSchema },
    errors: ["invalid_request", "unauthorized", "forbidden", "rate_limited", "internal_error"],
  },
  resultRoute("getScan", "", { summary: "Scan resource", readWeight: RESOURCE_1, responses: { 200: ScanSchema } }),
  resultRoute("getScanDiagnostics", "/diagnostics", {
    summary: "Bounded timing and collection diagnostics",
    readWeight: RESOURCE_4,
    responses: { 200: ScanDiagnosticsSchema },
  }),
  {
    operationId: "getScanStatus",
    method: "get",
    path: "/api/v2/scans/{scanId}/status",
    summary: "Status of a scan or its job",
    pathParams: ["scanId"],
    queryParams: [],
    security: "bearer_optional",
    scopes: [],
    readWeight: { policy: "status", units: 1 },
    requestBody: null,
    responses: { 200: ScanOrJobSchema },
    errors: READ_ERRORS,
  },
  resultRoute("listScanFindings", "/findings", {
    summary: "List projected findings",
    readWeight: RESOURCE_1,
    responses: { 200: FindingListSchema },
  }),
  resultRoute("getScanFinding", "/findings/{findingId}", {
    summary: "One finding with a capped evidence summary",
    readWeight: RESOURCE_1,
    responses: { 200: FindingDetailSchema },
  }),
  resultRoute("getScanPulse", "/pulse", {
    summary: "Pulse projection of a completed scan",
    readWeight: RESOURCE_4,
    responses: { 200: PulseSchema },
  }),
  resultRoute("getScanPreConsentCookiesTrackers", "/pre-consent-cookies-trackers", {
    summary: "Pre-consent cookies and trackers table of a scan",
    readWeight: RESOURCE_1,
    responses: { 200: PreConsentTableSchema },
  }),
  readRoute(
    "getDomainLatestScan",
    {
      path: "/api/v2/domains/{domain}/latest",
      summary: "Latest eligible scan of a domain",
      responses: { 200: ScanSchema },
    },
    DOMAIN_READ,
  ),
  readRoute(
    "getDomainLatestPreConsentCookiesTrackers",
    {
      path: "/api/v2/domains/{domain}/latest/pre-consent-cookies-trackers",
      summary: "Pre-consent table of the latest eligible scan of a domain",
      responses: { 200: PreConsentTableSchema },
    },
    DOMAIN_READ,
  ),
  readRoute("getHealth", { path: "/api/v2/health", summary: "API v2 discovery health", responses: { 200: HealthSchema } }, PUBLIC_READ),
  readRoute(
    "getOpenApiDocument",
    {
      path: "/api/v2/openapi.json",
      summary: "The OpenAPI 3.1.0 contract",
      responses: { 200: OpenApiDocumentSchema },
    },
    PUBLIC_READ,
  ),
  {
    ...resultRoute("getScanExport", "/exports/{format}", {
      summary: "A scan as a file: JSON, SARIF 2.1.0, JUnit XML, CSV, Markdown or standalone HTML",
      readWeight: RESOURCE_4,
      responses: { 200: z.string() },
    }),
    queryParams: ["failOn", "minScore"],
    // Two CSV formats share one media type: each type is listed once.
    produces: [...new Set(SCAN_EXPORT_FORMATS.map((format) => SCAN_EXPORT_MEDIA_TYPES[format]))],
    extension: true,
  },
  {
    // Two scans read and compared: a composite read (4 units).
    ...resultRoute("getScanChanges", "/changes", {
      summary: "What changed since an earlier scan of the same target",
      readWeight: RESOURCE_4,
      responses: { 200: ScanChangesSchema },
    }),
    queryParams: ["since"],
    extension: true,
  },
  monitorRoute("createMonitor", {
    method: "post",
    path: "/api/v2/monitors",
    summary: "Create a monitor: a URL rescanned on a schedule, optionally with a signed webhook",
    pathParams: [],
    requestBody: { schema: CreateMonitorRequestSchema, required: true },
    responses: { 201: CreatedMonitorSchema },
  }),
  monitorRoute("listMonitors", {
    method: "get",
    path: "/api/v2/monitors",
    summary: "The caller's monitors, newest first",
    pathParams: [],
    requestBody: null,
    responses: { 200: MonitorListSchema },
  }),
  monitorRoute("getMonitor", {
    method: "get",
    path: MONITOR_PATH,
    summary: "One monitor with its latest run",
    pathParams: ["monitorId"],
    requestBody: null,
    responses: { 200: MonitorSchema },
  }),
  monitorRoute("deleteMonitor", {
    method: "delete",
    path: MONITOR_PATH,
    summary: "Delete a monitor, its schedule and its runs",
    pathParams: ["monitorId"],
    requestBody: null,
    responses: { 200: DeletedMonitorSchema },
  }),
  monitorRoute("listMonitorRuns", {
    method: "get",
    path: `${MONITOR_PATH}/runs`,
    summary: "A monitor's latest runs with their delivery logs",
    pathParams: ["monitorId"],
    requestBody: null,
    responses: { 200: MonitorRunListSchema },
  }),
  monitorRoute("pauseMonitor", {
    method: "post",
    path: `${MONITOR_PATH}/pause`,
    summary: "Pause a monitor's runs",
    pathParams: ["monitorId"],
    requestBody: null,
    responses: { 200: MonitorSchema },
  }),
  monitorRoute("resumeMonitor", {
    method: "post",
    path: `${MONITOR_PATH}/resume`,
    summary: "Resume a paused or disabled monitor",
    pathParams: ["monitorId"],
    requestBody: null,
    responses: { 200: MonitorSchema },
  }),
  monitorRoute("rotateMonitorWebhookSecret", {
    method: "post",
    path: `${MONITOR_PATH}/webhook-secret`,
    summary: "A new webhook signing secret; the previous one signs beside it for a day",
    pathParams: ["monitorId"],
    requestBody: null,
    responses: { 200: RotatedMonitorSecretSchema },
  }),
] as const satisfies readonly OperationSpec[];

export type OperationId = (typeof OPERATIONS)[number]["operationId"];
