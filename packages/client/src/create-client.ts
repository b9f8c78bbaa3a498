import type {
  AuthCheck,
  CreatedMonitor,
  CreateMonitorRequest,
  CreateScanRequest,
  DeletedMonitor,
  Monitor,
  MonitorList,
  MonitorRunList,
  RotatedMonitorSecret,
  FindingDetail,
  FindingList,
  Health,
  IssuedApiKey,
  PreConsentTable,
  Pulse,
  ReadOnlyKeyRequest,
  Scan,
  ScanDiagnostics,
  ScanJob,
  ScanChangesResource,
  ScanExportFormat,
  ScanOrJob,
} from "@public-scan/core/contract";
import type { CallOptions, ClientOptions } from "./client-options.js";
import { sendRequest, type ClientResponse } from "./send-request.js";
import { scanAndWait, waitForScan, type WaitOptions } from "./wait-for-scan.js";

/** The JUnit export's gates, beside the usual call options. */
export type ExportCallOptions = CallOptions & { failOn?: "high" | "medium" | "low" | "none"; minScore?: number };

/** A scan result route's answer: the resource, or the ScanJob (202) while the scan is still active. */
export type ResultOrJob<T> = T | ScanJob;

export interface PublicScanClient {
  /** GET /api/v2/health: the deployment's surfaces, regions and versions. */
  getHealth(call?: CallOptions): Promise<Health>;
  /** GET /api/v2/openapi.json: the OpenAPI 3.1.0 document of the contract. */
  getOpenApiDocument(call?: CallOptions): Promise<Record<string, unknown>>;
  /** POST /api/v2/keys/request: a self-serve key for a signed-in dashboard session (browsers, same origin). */
  requestReadOnlyApiKey(body?: ReadOnlyKeyRequest, call?: CallOptions): Promise<IssuedApiKey>;
  /** GET /api/v2/auth/check: whether the key works, and its scopes; creates nothing. */
  checkIntegrationCredential(call?: CallOptions): Promise<AuthCheck>;
  /** POST /api/v2/scans: a reused Scan (200) or the ScanJob of a new or joined scan (202). */
  createScan(body: CreateScanRequest, call?: CallOptions): Promise<ScanOrJob>;
  getScan(scanId: string, call?: CallOptions): Promise<ResultOrJob<Scan>>;
  getScanStatus(scanId: string, call?: CallOptions): Promise<ScanOrJob>;
  getScanDiagnostics(scanId: string, call?: CallOptions): Promise<ResultOrJob<ScanDiagnostics>>;
  listScanFindings(scanId: string, call?: CallOptions): Promise<ResultOrJob<FindingList>>;
  getScanFinding(scanId: string, findingId: string, call?: CallOptions): Promise<ResultOrJob<FindingDetail>>;
  getScanPulse(scanId: string, call?: CallOptions): Promise<ResultOrJob<Pulse>>;
  getScanPreConsentCookiesTrackers(scanId: string, call?: CallOptions): Promise<ResultOrJob<PreConsentTable>>;
  /**
   * GET /api/v2/scans/{scanId}/exports/{format}: the scan as a file's text (SARIF, JUnit XML, CSV,
   * Markdown, standalone HTML or JSON), or the ScanJob (202) while the scan runs. JUnit takes the scan
   * command's gates: `failOn` (default `low`; `none` fails no finding) and `minScore`.
   */
  getScanExport(scanId: string, format: ScanExportFormat, options?: ExportCallOptions): Promise<ResultOrJob<string>>;
  /**
   * GET /api/v2/scans/{scanId}/changes: what changed since an earlier scan of the same URL and region: the
   * one named by `since`, or the target's latest when this scan completed (`since` and `changes` are null
   * when it had none); the ScanJob (202) while the scan runs.
   */
  getScanChanges(scanId: string, options?: CallOptions & { since?: string }): Promise<ResultOrJob<ScanChangesResource>>;
  getDomainLatestScan(domain: string, options?: CallOptions & { scanFrom?: string }): Promise<Scan>;
  getDomainLatestPreConsentCookiesTrackers(domain: string, options?: CallOptions & { scanFrom?: string }): Promise<PreConsentTable>;
  /**
   * POST /api/v2/monitors: a URL rescanned on a schedule, with an optional signed webhook; the answer
   * holds the webhook's signing secret, shown this once. Needs a key with `monitor:write`.
   */
  createMonitor(body: CreateMonitorRequest, call?: CallOptions): Promise<CreatedMonitor>;
  /** GET /api/v2/monitors: this key's monitors, newest first. */
  listMonitors(call?: CallOptions): Promise<MonitorList>;
  getMonitor(monitorId: string, call?: CallOptions): Promise<Monitor>;
  /** GET /api/v2/monitors/{monitorId}/runs: the latest runs, newest first, with their delivery logs. */
  listMonitorRuns(monitorId: string, call?: CallOptions): Promise<MonitorRunList>;
  pauseMonitor(monitorId: string, call?: CallOptions): Promise<Monitor>;
  /** Runs a paused monitor, or one the service disabled, again. */
  resumeMonitor(monitorId: string, call?: CallOptions): Promise<Monitor>;
  deleteMonitor(monitorId: string, call?: CallOptions): Promise<DeletedMonitor>;
  /** A new webhook signing secret, shown once; the previous one keeps signing beside it until `previousValidUntil`. */
  rotateMonitorWebhookSecret(monitorId: string, call?: CallOptions): Promise<RotatedMonitorSecret>;
  /** Polls the status after each Retry-After until the scan ends; resolves with the Scan, or rejects (ScanFailedError, TimeoutError). */
  waitForScan(scanId: string, options?: WaitOptions): Promise<Scan>;
  /** Creates (or reuses) a scan of `url` and waits for it. */
  scanAndWait(request: CreateScanRequest, options?: WaitOptions): Promise<Scan>;
  /** The same operations with the status, request id and Retry-After of each answer. */
  raw: RawClient;
}

export type RawClient = {
  [K in Exclude<keyof PublicScanClient, "raw" | "waitForScan" | "scanAndWait">]: PublicScanClient[K] extends (
    ...args: infer A
  ) => Promise<infer R>
    ? (...args: A) => Promise<ClientResponse<R>>
    : never;
};

/**
 * The typed client of the public-scan REST API v2: one method per operation of the contract, on `fetch`
 * only (Node, browsers, Deno, Bun, edge runtimes). Errors are typed (`ServiceApiError` with the envelope,
 * `NetworkError`, `TimeoutError`, `ResponseContractError`); waits honour Retry-After.
 */
export function createClient(options: ClientOptions): PublicScanClient {
  if (!/^https?:\/\//.test(options.baseUrl)) throw new TypeError("baseUrl must be an http(s) URL");
  const send = <T>(input: Parameters<typeof sendRequest>[1]) => sendRequest<T>(options, input);

  const raw: RawClient = {
    getHealth: (call) => send({ operationId: "getHealth", call }),
    getOpenApiDocument: (call) => send({ operationId: "getOpenApiDocument", call }),
    requestReadOnlyApiKey: (body, call) => send({ operationId: "requestReadOnlyApiKey", body: body ?? {}, call }),
    checkIntegrationCredential: (call) => send({ operationId: "checkIntegrationCredential", call }),
    createScan: (body, call) => send({ operationId: "createScan", body, call }),
    getScan: (scanId, call) => send({ operationId: "getScan", params: { scanId }, call }),
    getScanStatus: (scanId, call) => send({ operationId: "getScanStatus", params: { scanId }, call }),
    getScanDiagnostics: (scanId, call) => send({ operationId: "getScanDiagnostics", params: { scanId }, call }),
    listScanFindings: (scanId, call) => send({ operationId: "listScanFindings", params: { scanId }, call }),
    getScanFinding: (scanId, findingId, call) => send({ operationId: "getScanFinding", params: { scanId, findingId }, call }),
    getScanPulse: (scanId, call) => send({ operationId: "getScanPulse", params: { scanId }, call }),
    getScanPreConsentCookiesTrackers: (scanId, call) => send({ operationId: "getScanPreConsentCookiesTrackers", params: { scanId }, call }),
    getScanExport: (scanId, format, { failOn, minScore, ...call } = {}) =>
      send({
        operationId: "getScanExport",
        params: { scanId, format },
        query: { failOn, minScore: minScore === undefined ? undefined : String(minScore) },
        call,
      }),
    getScanChanges: (scanId, { since, ...call } = {}) =>
      send({ operationId: "getScanChanges", params: { scanId }, query: { since }, call }),
    getDomainLatestScan: (domain, { scanFrom, ...call } = {}) =>
      send({ operationId: "getDomainLatestScan", params: { domain }, query: { scanFrom }, call }),
    getDomainLatestPreConsentCookiesTrackers: (domain, { scanFrom, ...call } = {}) =>
      send({ operationId: "getDomainLatestPreConsentCookiesTrackers", params: { domain }, query: { scanFrom }, call }),
    createMonitor: (body, call) => send({ operationId: "createMonitor", body, call }),
    listMonitors: (call) => send({ operationId: "listMonitors", call }),
    getMonitor: (monitorId, call) => send({ operationId: "getMonitor", params: { monitorId }, call }),
    listMonitorRuns: (monitorId, call) => send({ operationId: "listMonitorRuns", params: { monitorId }, call }),
    pauseMonitor: (monitorId, call) => send({ operationId: "pauseMonitor", params: { monitorId }, call }),
    resumeMonitor: (monitorId, call) => send({ operationId: "resumeMonitor", params: { monitorId }, call }),
    deleteMonitor: (monitorId, call) => send({ operationId: "deleteMonitor", params: { monitorId }, call }),
    rotateMonitorWebhookSecret: (monitorId, call) => send({ operationId: "rotateMonitorWebhookSecret", params: { monitorId }, call }),
  };
  const body =
    <A extends unknown[], R>(method: (...args: A) => Promise<ClientResponse<R>>) =>
    async (...args: A) =>
      (await method(...args)).body;
  const client: PublicScanClient = {
    getHealth: body(raw.getHealth),
    getOpenApiDocument: body(raw.getOpenApiDocument),
    requestReadOnlyApiKey: body(raw.requestReadOnlyApiKey),
    checkIntegrationCredential: body(raw.checkIntegrationCredential),
    createScan: body(raw.createScan),
    getScan: body(raw.getScan),
    getScanStatus: body(raw.getScanStatus),
    getScanDiagnostics: body(raw.getScanDiagnostics),
    listScanFindings: body(raw.listScanFindings),
    getScanFinding: body(raw.getScanFinding),
    getScanPulse: body(raw.getScanPulse),
    getScanPreConsentCookiesTrackers: body(raw.getScanPreConsentCookiesTrackers),
    getScanExport: body(raw.getScanExport),
    getScanChanges: body(raw.getScanChanges),
    getDomainLatestScan: body(raw.getDomainLatestScan),
    getDomainLatestPreConsentCookiesTrackers: body(raw.getDomainLatestPreConsentCookiesTrackers),
    createMonitor: body(raw.createMonitor),
    listMonitors: body(raw.listMonitors),
    getMonitor: body(raw.getMonitor),
    listMonitorRuns: body(raw.listMonitorRuns),
    pauseMonitor: body(raw.pauseMonitor),
    resumeMonitor: body(raw.resumeMonitor),
    deleteMonitor: body(raw.deleteMonitor),
    rotateMonitorWebhookSecret: body(raw.rotateMonitorWebhookSecret),
    waitForScan: (scanId, waitOptions) => waitForScan(raw, scanId, waitOptions),
    scanAndWait: (request, waitOptions) => scanAndWait(raw, request, waitOptions),
    raw,
  };
  return client;
}
