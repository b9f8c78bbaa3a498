/**
 * The API v2 contract as code: zod schemas of every resource and request, the operation table, the error
 * table, the protocol constants, and the one error type with its envelope builder. This entry imports nothing
 * but zod, so the typed client can depend on it alone and throw the server's ServiceError.
 */
export { DISCLAIMER } from "./disclaimer.js";
export { API_PREFIX, API_VERSION, CONTRACT_VERSION, HEADERS, WEIGHTED_READ_POLICY_VERSION } from "./versions.js";
export {
  DateTimeSchema,
  FindingIdSchema,
  HostSchema,
  LinkUrlSchema,
  NonNegativeIntSchema,
  RegionCodeSchema,
  ScanFromSchema,
  ScanIdSchema,
  UNAVAILABLE,
} from "./primitives.js";
export {
  ACTIVE_STATUSES,
  COMPLETED_STATUSES,
  EVIDENCE_PHASES,
  EvidencePhaseSchema,
  isTerminalStatus,
  JobStatusSchema,
  McpStatusSchema,
  SCAN_PHASES,
  ScanPhaseSchema,
  ScanStatusSchema,
  TERMINAL_STATUSES,
} from "./states.js";
export type { ActiveStatus, CompletedStatus, EvidencePhase, JobStatus, ScanPhase, TerminalStatus } from "./states.js";
export { MCP_LIGHT_TOOL_NAMES, MCP_TOOL_NAMES, McpToolNameSchema } from "./mcp-tool-names.js";
export type { McpToolName } from "./mcp-tool-names.js";
export { isMonitorTool, MCP_TOOLS, SCAN_SITE_DEFAULT_WAIT_SECONDS } from "./mcp-tools.js";
export type { McpToolSpec } from "./mcp-tools.js";
export { ExecutionModeSchema, FreshnessDecisionSchema, ScanProvenanceShape } from "./scan-provenance.js";
export type { ExecutionMode, FreshnessDecision } from "./scan-provenance.js";
export {
  CoverageSchema,
  NO_GO_REASON_CODES,
  NoGoReasonCodeSchema,
  ResultDispositionReasonSchema,
  ResultDispositionSchema,
  RegimeReadingSchema,
  RiskLevelSchema,
  ScanLinksSchema,
  ScanObjectSchema,
  ScanSchema,
  ScoreReadingSchema,
  ScoreStatusSchema,
} from "./scan.js";
export type { ScoreReading } from "./scan.js";
export { REGIMES, RegimeSchema, ScoreLensSchema } from "./regime.js";
export type { Regime, ScoreLens } from "./regime.js";
export type { Coverage, NoGoReasonCode, ResultDisposition, RiskLevel, Scan } from "./scan.js";
export { JobNextActionSchema, ScanJobSchema } from "./scan-job.js";
export type { ScanJob } from "./scan-job.js";
export { ScanOrJobSchema } from "./scan-status.js";
export {
  ChangedFindingSchema,
  ComparableScanSchema,
  ChangedRowSchema,
  ChangesSchema,
  EvidenceFingerprintSchema,
  PhaseChangesSchema,
  ScanChangesSchema,
} from "./scan-changes.js";
export type { ChangedFinding, ChangedRow, ComparableScan, PhaseChanges, ScanChanges, ScanChangesResource } from "./scan-changes.js";
export type { ScanOrJob } from "./scan-status.js";
export { ScanOverviewSchema } from "./scan-overview.js";
export { grantedScopes, SCOPES, ScopeSchema, SELF_SERVE_SCOPES } from "./scopes.js";
export type { Scope } from "./scopes.js";
export { AuthCheckSchema } from "./auth-check.js";
export type { AuthCheck } from "./auth-check.js";
export { IssuedApiKeySchema, READ_ONLY_KEY_PREFIX, ReadOnlyKeyRequestSchema, SELF_SERVE_KEY_LIMITS } from "./api-key.js";
export type { IssuedApiKey, ReadOnlyKeyRequest } from "./api-key.js";
export { CreateScanRequestSchema, FreshnessSchema, MAX_SCAN_URL_LENGTH, ScanUrlSchema } from "./create-scan-request.js";
export type { CreateScanRequest, Freshness } from "./create-scan-request.js";
export {
  ConfidenceSchema,
  CriticalitySchema,
  EVIDENCE_BASIS,
  EvidenceExampleSchema,
  FindingCategorySchema,
  FindingDetailSchema,
  FindingEvidenceSummarySchema,
  FindingListSchema,
  FindingSummarySchema,
  MAX_FINDING_EXAMPLES,
  PartySchema,
  PrioritySchema,
} from "./finding.js";
export type { Criticality, EvidenceExample, FindingCategory, FindingDetail, FindingList, FindingSummary, Party } from "./finding.js";
export { FindingsExportSchema } from "./findings-export.js";
export type { FindingsExport } from "./findings-export.js";
export { PreConsentRowSchema, PreConsentTableSchema, PurposeSchema, UNATTRIBUTED_VENDOR } from "./pre-consent-table.js";
export type { PreConsentRow, PreConsentTable, Purpose } from "./pre-consent-table.js";
export { EvidenceHighlightSchema, PULSE_TOP_FINDINGS, PulseSchema } from "./pulse.js";
export type { Pulse } from "./pulse.js";
export {
  FindingEvidenceDigestSchema,
  PULSE_EVIDENCE_EXAMPLES_PER_FINDING,
  PULSE_EVIDENCE_MAX_FINDINGS,
  PulseEvidenceSchema,
} from "./pulse-evidence.js";
export type { PulseEvidence } from "./pulse-evidence.js";
export {
  BUNDLE_DETAILS,
  BUNDLE_MAX_BYTES_RANGE,
  BUNDLE_EXAMPLES_PER_DIGEST,
  BUNDLE_SECTIONS,
  BundleCountSchema,
  BundleDetailSchema,
  BundleEvidenceDigestSchema,
  BundleSectionSchema,
  FindingReferenceSchema,
  RECOMMENDED_BUNDLE_MAX_BYTES,
  ScanBundleSchema,
} from "./scan-bundle.js";
export type { BundleDetail, ScanBundle } from "./scan-bundle.js";
export { CollectorDiagnosticSchema, MAX_DIAGNOSTIC_COLLECTORS, ScanDiagnosticsSchema } from "./diagnostics.js";
export type { ScanDiagnostics } from "./diagnostics.js";
export { HealthComponentsSchema, HealthSchema } from "./health.js";
export type { Health, HealthComponents } from "./health.js";
export { OpenApiDocumentSchema } from "./openapi-document.js";
export { DEFAULT_RETRY_AFTER_SECONDS, ERROR_CODES, ERROR_TABLE } from "./error-codes.js";
export type { ErrorCode } from "./error-codes.js";
export { ErrorBodySchema, ErrorCodeSchema, ErrorEnvelopeSchema, RateLimitDetailsSchema } from "./error-envelope.js";
export type { ErrorBody, ErrorEnvelope, RateLimitDetails } from "./error-envelope.js";
export { OPERATIONS } from "./operations.js";
export {
  ExportFailOnSchema,
  ExportMinScoreSchema,
  isScanExportDocument,
  SCAN_EXPORT_FILE_NAMES,
  SCAN_EXPORT_FORMATS,
  SCAN_EXPORT_MEDIA_TYPES,
  ScanExportFormatSchema,
} from "./scan-export.js";
export type { ScanExportDocument, ScanExportFormat } from "./scan-export.js";
export type { OperationId, OperationSecurity, OperationSpec, ReadWeight } from "./operations.js";
// The one error type and its envelope, so a client that imports only this entry throws what the server does.
export { isServiceError, ServiceError } from "../errors/service-error.js";
export type { ServiceErrorOptions } from "../errors/service-error.js";
export { toInvalidRequest } from "../errors/to-invalid-request.js";
export { REDACTED_INTERNAL_MESSAGE, toErrorEnvelope, toHttpStatus } from "../errors/to-error-envelope.js";
export type { ErrorEnvelopeOptions } from "../errors/to-error-envelope.js";
export { MAX_EVENT_ROWS, WEBHOOK_EVENT_TYPES, WebhookEventSchema } from "./webhook-event.js";
export type { WebhookEvent, WebhookEventType } from "./webhook-event.js";
export {
  CreatedMonitorSchema,
  CreateMonitorRequestSchema,
  DeletedMonitorSchema,
  MAX_MONITOR_INTERVAL_SECONDS,
  MAX_MONITOR_RUNS,
  MonitorDeliverySchema,
  MonitorEventTypeSchema,
  MonitorIdSchema,
  MonitorListSchema,
  MonitorRunListSchema,
  MonitorRunSchema,
  MonitorScheduleSchema,
  MonitorSchema,
  MonitorStatusReasonSchema,
  MonitorStatusSchema,
  RotatedMonitorSecretSchema,
} from "./monitor.js";
export type {
  CreatedMonitor,
  CreateMonitorRequest,
  DeletedMonitor,
  Monitor,
  MonitorList,
  MonitorRun,
  MonitorRunList,
  MonitorSchedule,
  MonitorStatus,
  MonitorStatusReason,
  RotatedMonitorSecret,
} from "./monitor.js";
