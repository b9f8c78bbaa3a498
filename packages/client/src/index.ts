/**
 * @public-scan/client: the typed REST client of the API v2, on `fetch` only. It depends on core's contract
 * entry for types; response validation against the schemas is the opt-in `@public-scan/client/validate`.
 */
export { createClient } from "./create-client.js";
export type { ExportCallOptions, PublicScanClient, RawClient, ResultOrJob } from "./create-client.js";
export type { CallOptions, ClientOptions, RequestEvent, ResponseEvent, ResponseValidator } from "./client-options.js";
export { NetworkError, ResponseContractError, ScanFailedError, ServiceApiError, TimeoutError } from "./client-errors.js";
export { CLIENT_ROUTES } from "./client-routes.js";
export type { ClientRoute } from "./client-routes.js";
export type { ClientResponse } from "./send-request.js";
export type { WaitOptions } from "./wait-for-scan.js";
export type {
  AuthCheck,
  CreateScanRequest,
  ErrorEnvelope,
  FindingDetail,
  FindingList,
  Health,
  IssuedApiKey,
  PreConsentTable,
  Pulse,
  PulseEvidence,
  Scan,
  ScanBundle,
  ScanDiagnostics,
  ScanJob,
  ScanOrJob,
  CreatedMonitor,
  CreateMonitorRequest,
  DeletedMonitor,
  Monitor,
  MonitorList,
  MonitorRun,
  MonitorRunList,
  MonitorSchedule,
  RotatedMonitorSecret,
} from "@public-scan/core/contract";
