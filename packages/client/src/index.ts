/**
 * @public-scan/client: the typed REST client of the API v2. It depends only on core's contract entry.
 * The client itself lands with its own issue; until then this entry re-exports the contract's types, so
 * integrators can type their own calls against the same definitions.
 */
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
} from "@public-scan/core/contract";
