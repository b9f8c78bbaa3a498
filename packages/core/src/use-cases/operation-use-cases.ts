import type { Health, OperationId } from "../contract/index.js";
import { ServiceError } from "../errors/service-error.js";
import { checkCredential, type Credential } from "../keys/authenticate.js";
import { requestReadOnlyKey, type RequestReadOnlyKeyDeps } from "../keys/request-read-only-key.js";
import type { HealthProbes } from "../ports/health-probes.js";
import type { KeyStore } from "../ports/key-store.js";
import { createScan } from "./create-scan.js";
import { getDomainLatest, getDomainLatestTable } from "./get-domain-latest.js";
import { getHealth } from "./get-health.js";
import { getScan, getScanStatus } from "./get-scan.js";
import { getScanChanges } from "./get-scan-changes.js";
import { getScanExport, type ScanExportRead } from "./get-scan-export.js";
import type { Outcome } from "./outcome.js";
import type { MonitorDeps } from "../monitors/monitor-deps.js";
import { createMonitor } from "../monitors/create-monitor.js";
import { getMonitor, listMonitorRuns, listMonitors } from "../monitors/read-monitors.js";
import { deleteMonitor, pauseMonitor, resumeMonitor, rotateMonitorWebhookSecret } from "../monitors/change-monitor.js";
import { getDiagnostics, getFinding, getPreConsentTable, getPulse, listFindings } from "./scan-results.js";
import type { Caller, ServiceDeps } from "./service-deps.js";

/** What every operation's use-case may need, injected once per host. */
export interface OperationDeps {
  service: ServiceDeps;
  keys: KeyStore;
  /** Self-serve key requests; without them the key request answers 401 (no dashboard to sign in to). */
  keyRequests?: Omit<RequestReadOnlyKeyDeps, "keys" | "clock" | "supportEmail"> | undefined;
  /** The surfaces this host serves, for health. */
  surfaces: Health["surfaces"];
  /** The host's checks of its queue and scanner, reported by health beside the scan store. */
  probes?: HealthProbes | undefined;
  /** A probe's failure, for the host's logs (health answers `degraded`, never the cause). */
  onProbeError?: ((error: unknown) => void) | undefined;
  /** The host's report page as one standalone document: the HTML export (a host without pages has none). */
  renderReportHtml?: ScanExportRead["renderHtml"];
  /** Monitors' store, scheduler and webhook sender; a host without them answers their routes `not_found`. */
  monitors?: Omit<MonitorDeps, "service"> | undefined;
}

/** One call of an operation, in plain values a surface reads from its own transport. */
export interface OperationInput {
  /** Decoded path parameters (`scanId`, `findingId`, `domain`). */
  params: Readonly<Record<string, string | undefined>>;
  /** Query parameters (the first value of each). */
  query: Readonly<Record<string, string | undefined>>;
  /** The parsed request body, `undefined` when there was none. */
  body: unknown;
  caller: Caller;
  credential: Credential | null;
  /** Raw `Authorization` header value: the auth check reports on it itself. */
  authorization: string | undefined;
  /** Raw `Cookie` header value: the key request reads the dashboard session from it. */
  cookieHeader: string | undefined;
  /** The cookie-authenticated route's browser signals: the request came from another site. */
  crossSite?: boolean;
  /** The body could not be read; set only for routes that audit their refusals (the key request). */
  bodyError?: ServiceError;
}

export type OperationUseCase = (deps: OperationDeps, input: OperationInput) => Promise<Outcome<unknown>>;

/** The OpenAPI document depends on the host's base URL and sits above the use-cases: hosts serve it. */
export type UseCaseOperationId = Exclude<OperationId, "getOpenApiDocument">;

/** The monitor deps of a host that runs monitors; the routes of one that does not are `not_found`. */
function monitorDeps(deps: OperationDeps): MonitorDeps {
  if (deps.monitors === undefined) throw new ServiceError("not_found", "This deployment does not run monitors.");
  return { service: deps.service, ...deps.monitors };
}
const monitorRead = (input: OperationInput) => ({ monitorId: input.params.monitorId ?? "", caller: input.caller });

const scanRead = (input: OperationInput) => ({ scanId: input.params.scanId ?? "", caller: input.caller });
const domainRead = (input: OperationInput) => {
  const scanFrom = input.query.scanFrom;
  return { domain: input.params.domain ?? "", caller: input.caller, ...(scanFrom === undefined ? {} : { scanFrom }) };
};

/**
 * The use-case of every operation of the contract (but the OpenAPI document), keyed by operationId: a
 * surface is a loop over `OPERATIONS` that resolves the caller, reads its inputs and calls the entry here.
 * Access (401/403), limits, validation and rendering all happen in core, the same for every surface.
 */
export const OPERATION_USE_CASES: Record<UseCaseOperationId, OperationUseCase> = {
  requestReadOnlyApiKey: (deps, input) => {
    if (deps.keyRequests === undefined)
      throw new ServiceError("unauthorized", "This deployment has no dashboard sign-in for key requests.");
    return requestReadOnlyKey(
      { keys: deps.keys, clock: deps.service.clock, supportEmail: deps.service.config.supportEmail, ...deps.keyRequests },
      // The route is cookie-authenticated, so its caller is always the anonymous one, known by address.
      {
        body: input.body,
        cookieHeader: input.cookieHeader,
        ip: input.caller.kind === "anonymous" ? input.caller.ip : input.caller.keyId,
        ...(input.crossSite === undefined ? {} : { crossSite: input.crossSite }),
        ...(input.bodyError === undefined ? {} : { bodyError: input.bodyError }),
      },
    );
  },
  checkIntegrationCredential: async (deps, input) => ({
    status: 200,
    body: await checkCredential({ keys: deps.keys, clock: deps.service.clock }, input.authorization),
  }),
  createScan: (deps, input) => createScan(deps.service, { body: input.body ?? null, caller: input.caller }),
  getScan: (deps, input) => getScan(deps.service, scanRead(input)),
  getScanDiagnostics: (deps, input) => getDiagnostics(deps.service, scanRead(input)),
  getScanStatus: (deps, input) => getScanStatus(deps.service, scanRead(input)),
  listScanFindings: (deps, input) => listFindings(deps.service, scanRead(input)),
  getScanFinding: (deps, input) => getFinding(deps.service, { ...scanRead(input), findingId: input.params.findingId ?? "" }),
  getScanPulse: (deps, input) => getPulse(deps.service, scanRead(input)),
  getScanPreConsentCookiesTrackers: (deps, input) => getPreConsentTable(deps.service, scanRead(input)),
  getDomainLatestScan: (deps, input) => getDomainLatest(deps.service, domainRead(input)),
  getDomainLatestPreConsentCookiesTrackers: (deps, input) => getDomainLatestTable(deps.service, domainRead(input)),
  getScanExport: (deps, input) =>
    getScanExport(deps.service, {
      ...scanRead(input),
      format: input.params.format ?? "",
      failOn: input.query.failOn,
      minScore: input.query.minScore,
      renderHtml: deps.renderReportHtml,
    }),
  getScanChanges: (deps, input) => getScanChanges(deps.service, { ...scanRead(input), since: input.query.since }),
  createMonitor: (deps, input) => createMonitor(monitorDeps(deps), { body: input.body ?? null, caller: input.caller }),
  listMonitors: (deps, input) => listMonitors(monitorDeps(deps), { caller: input.caller }),
  getMonitor: (deps, input) => getMonitor(monitorDeps(deps), monitorRead(input)),
  deleteMonitor: (deps, input) => deleteMonitor(monitorDeps(deps), monitorRead(input)),
  listMonitorRuns: (deps, input) => listMonitorRuns(monitorDeps(deps), monitorRead(input)),
  pauseMonitor: (deps, input) => pauseMonitor(monitorDeps(deps), monitorRead(input)),
  resumeMonitor: (deps, input) => resumeMonitor(monitorDeps(deps), monitorRead(input)),
  rotateMonitorWebhookSecret: (deps, input) => rotateMonitorWebhookSecret(monitorDeps(deps), monitorRead(input)),
  getHealth: (deps) => getHealth(deps.service, { surfaces: deps.surfaces, probes: deps.probes, onProbeError: deps.onProbeError }),
};
