/**
 * @public-scan/core: the domain of public-scan, with no browser, HTTP framework or storage engine. This entry
 * lists by name what an embedder or a surface adapter needs: the contract and its error type, the
 * observations the Scanner port returns, the ports, the use-cases, the limits and keys a host wires, the
 * in-process stores and the one-process composition. What only tests and conformance suites need is in
 * `@public-scan/core/testing`; the client imports `@public-scan/core/contract` alone.
 *
 * Inside `src/`, folders form layers (lowest first; a folder imports only its own and lower ones, enforced
 * by depcruise's CORE_LAYERS): `contract` + `errors` -> `observations` -> `projection` -> `domain` ->
 * `ports` -> `render` -> `limits` -> `keys` -> `use-cases` + `monitors` -> `access` -> `stores` -> `compose`, `openapi`
 * and the entries.
 */
// The API v2 contract and the one error type (also the `./contract` entry, for the client).
export {
  ACTIVE_STATUSES,
  API_PREFIX,
  API_VERSION,
  AuthCheckSchema,
  BUNDLE_DETAILS,
  BUNDLE_MAX_BYTES_RANGE,
  BUNDLE_EXAMPLES_PER_DIGEST,
  BUNDLE_SECTIONS,
  BundleCountSchema,
  BundleDetailSchema,
  BundleEvidenceDigestSchema,
  BundleSectionSchema,
  CollectorDiagnosticSchema,
  COMPLETED_STATUSES,
  ConfidenceSchema,
  CONTRACT_VERSION,
  CoverageSchema,
  CreateScanRequestSchema,
  CriticalitySchema,
  DateTimeSchema,
  DEFAULT_RETRY_AFTER_SECONDS,
  DISCLAIMER,
  ERROR_CODES,
  ERROR_TABLE,
  ErrorBodySchema,
  ErrorCodeSchema,
  ErrorEnvelopeSchema,
  EVIDENCE_BASIS,
  EVIDENCE_PHASES,
  EvidenceExampleSchema,
  EvidenceHighlightSchema,
  EvidencePhaseSchema,
  ExecutionModeSchema,
  FindingCategorySchema,
  FindingDetailSchema,
  FindingEvidenceDigestSchema,
  FindingEvidenceSummarySchema,
  FindingIdSchema,
  FindingListSchema,
  FindingReferenceSchema,
  FindingsExportSchema,
  FindingSummarySchema,
  FreshnessDecisionSchema,
  FreshnessSchema,
  grantedScopes,
  HEADERS,
  HealthSchema,
  HostSchema,
  isServiceError,
  IssuedApiKeySchema,
  isTerminalStatus,
  JobNextActionSchema,
  JobStatusSchema,
  LinkUrlSchema,
  MAX_DIAGNOSTIC_COLLECTORS,
  MAX_FINDING_EXAMPLES,
  MAX_SCAN_URL_LENGTH,
  isMonitorTool,
  MCP_LIGHT_TOOL_NAMES,
  MCP_TOOL_NAMES,
  MCP_TOOLS,
  McpStatusSchema,
  McpToolNameSchema,
  NO_GO_REASON_CODES,
  NoGoReasonCodeSchema,
  NonNegativeIntSchema,
  OpenApiDocumentSchema,
  OPERATIONS,
  SCAN_EXPORT_FILE_NAMES,
  SCAN_EXPORT_FORMATS,
  SCAN_EXPORT_MEDIA_TYPES,
  ScanExportFormatSchema,
  isScanExportDocument,
  ExportFailOnSchema,
  ExportMinScoreSchema,
  PartySchema,
  PreConsentRowSchema,
  PreConsentTableSchema,
  PrioritySchema,
  PULSE_EVIDENCE_EXAMPLES_PER_FINDING,
  PULSE_EVIDENCE_MAX_FINDINGS,
  PULSE_TOP_FINDINGS,
  PulseEvidenceSchema,
  PulseSchema,
  PurposeSchema,
  RateLimitDetailsSchema,
  READ_ONLY_KEY_PREFIX,
  ReadOnlyKeyRequestSchema,
  RECOMMENDED_BUNDLE_MAX_BYTES,
  SCAN_SITE_DEFAULT_WAIT_SECONDS,
  REDACTED_INTERNAL_MESSAGE,
  RegionCodeSchema,
  ResultDispositionReasonSchema,
  ResultDispositionSchema,
  RiskLevelSchema,
  SCAN_PHASES,
  ScanBundleSchema,
  ScanDiagnosticsSchema,
  ScanFromSchema,
  ScanIdSchema,
  ScanJobSchema,
  ScanLinksSchema,
  ScanObjectSchema,
  ScanOrJobSchema,
  ScanChangesSchema,
  ComparableScanSchema,
  WebhookEventSchema,
  CreatedMonitorSchema,
  CreateMonitorRequestSchema,
  DeletedMonitorSchema,
  MAX_MONITOR_INTERVAL_SECONDS,
  MAX_MONITOR_RUNS,
  MonitorDeliverySchema,
  MonitorIdSchema,
  MonitorListSchema,
  MonitorRunListSchema,
  MonitorRunSchema,
  MonitorScheduleSchema,
  MonitorSchema,
  RotatedMonitorSecretSchema,
  WEBHOOK_EVENT_TYPES,
  ScanOverviewSchema,
  ScanPhaseSchema,
  ScanProvenanceShape,
  ScanSchema,
  ScanStatusSchema,
  ScanUrlSchema,
  SCOPES,
  ScopeSchema,
  ScoreStatusSchema,
  SELF_SERVE_KEY_LIMITS,
  SELF_SERVE_SCOPES,
  ServiceError,
  TERMINAL_STATUSES,
  toErrorEnvelope,
  toHttpStatus,
  toInvalidRequest,
  UNATTRIBUTED_VENDOR,
  UNAVAILABLE,
  WEIGHTED_READ_POLICY_VERSION,
} from "./contract/index.js";
export type {
  ActiveStatus,
  AuthCheck,
  BundleDetail,
  CompletedStatus,
  Coverage,
  CreateScanRequest,
  Criticality,
  ErrorBody,
  ErrorCode,
  ErrorEnvelope,
  ErrorEnvelopeOptions,
  EvidenceExample,
  EvidencePhase,
  ExecutionMode,
  FindingCategory,
  FindingDetail,
  FindingList,
  FindingsExport,
  FindingSummary,
  Freshness,
  FreshnessDecision,
  Health,
  IssuedApiKey,
  JobStatus,
  McpToolName,
  McpToolSpec,
  NoGoReasonCode,
  OperationId,
  OperationSecurity,
  OperationSpec,
  ScanExportDocument,
  ScanExportFormat,
  Party,
  PreConsentRow,
  PreConsentTable,
  Pulse,
  PulseEvidence,
  Purpose,
  RateLimitDetails,
  ReadOnlyKeyRequest,
  ReadWeight,
  ResultDisposition,
  RiskLevel,
  Scan,
  ScanBundle,
  ScanDiagnostics,
  ScanJob,
  ScanOrJob,
  ChangedFinding,
  ChangedRow,
  ComparableScan,
  PhaseChanges,
  WebhookEvent,
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
  WebhookEventType,
  ScanChanges,
  ScanChangesResource,
  ScanPhase,
  Scope,
  ServiceErrorOptions,
  TerminalStatus,
} from "./contract/index.js";

// The Scanner port's result: observations, their schemas and the safe-URL helpers collectors use.
export {
  ClassificationSchema,
  ClassificationSourceSchema,
  ObservedHostSchema,
  ObservedNameSchema,
  SafeUrlSchema,
  UNCLASSIFIED,
} from "./observations/observation-primitives.js";
export type { Classification } from "./observations/observation-primitives.js";
export { CookieObservationSchema } from "./observations/cookie-observation.js";
export type { CookieObservation } from "./observations/cookie-observation.js";
export { StorageKindSchema, StorageObservationSchema } from "./observations/storage-observation.js";
export type { StorageKind, StorageObservation } from "./observations/storage-observation.js";
export { RequestObservationSchema, ResourceTypeSchema } from "./observations/request-observation.js";
export type { RequestObservation, ResourceType } from "./observations/request-observation.js";
export { isServiceCategory, requestEvidenceKind, SERVICE_CATEGORIES } from "./observations/service-category.js";
export type { ServiceCategory } from "./observations/service-category.js";
export { NavigationObservationSchema, PageKindSchema } from "./observations/navigation-observation.js";
export type { NavigationObservation, PageKind } from "./observations/navigation-observation.js";
export { CollectorReportSchema } from "./observations/collector-report.js";
export type { CollectorReport } from "./observations/collector-report.js";
export {
  CmpNameSchema,
  ConsentClassificationSchema,
  ConsentObservationSchema,
  ConsentStepStatusSchema,
  TcfAnswerSchema,
  TcfSummarySchema,
} from "./observations/consent-observation.js";
export type {
  ConsentClassification,
  ConsentObservation,
  ConsentStepStatus,
  TcfAnswer,
  TcfSummary,
} from "./observations/consent-observation.js";
export { GppAnswerSchema, GppOptOutSchema, GppSectionSchema, UspAnswerSchema, UspFlagSchema } from "./observations/gpp-observation.js";
export type { GppAnswer, GppOptOut, GppSection, UspAnswer } from "./observations/gpp-observation.js";
export { BannerDesignSchema, ButtonDesignSchema } from "./observations/banner-design-observation.js";
export type { BannerDesign, ButtonDesign } from "./observations/banner-design-observation.js";
export { ChoiceTogglesSchema, TogglePurposeSchema } from "./observations/choice-toggles-observation.js";
export type { ChoiceToggles, TogglePurpose } from "./observations/choice-toggles-observation.js";
export { FrameObservationSchema } from "./observations/frame-observation.js";
export type { FrameObservation } from "./observations/frame-observation.js";
export { OBSERVATION_LIMITS, ScanObservationsSchema } from "./observations/scan-observations.js";
export type { ScanObservations } from "./observations/scan-observations.js";
export { hostOf, toObservedHost, toSafeUrl } from "./observations/safe-url.js";
export { ConsentActionSchema, ConsentActionsSchema, NextPageVisitSchema, PhaseRunSchema } from "./observations/phase-observation.js";
export type { ConsentAction, ConsentActions, NextPageVisit, PhaseRun } from "./observations/phase-observation.js";
export { toVisitMs, VISIT_TIME_LIMIT_MS, VisitTimesSchema } from "./observations/visit-times.js";
export {
  CONSENT_MODE_COMMANDS_PER_PHASE,
  ConsentModeCommandSchema,
  ConsentModeObservationSchema,
  ConsentModeStateSchema,
  GOOGLE_CONSENT_SIGNALS,
  GoogleConsentSchema,
} from "./observations/google-consent-observation.js";
export type {
  ConsentModeCommand,
  ConsentModeObservation,
  ConsentModeState,
  GoogleConsent,
  GoogleConsentSignal,
} from "./observations/google-consent-observation.js";
export type { VisitTimes } from "./observations/visit-times.js";
export {
  BrowserCertificateErrorSchema,
  CertificateSummarySchema,
  HstsSchema,
  MixedContentSchema,
  PrivacyHeadersSchema,
  ProbeCertificateSchema,
  ReferrerPolicyValueSchema,
  TlsProtocolSchema,
  TransportObservationSchema,
  TransportStepSchema,
  TransportStepStatusSchema,
} from "./observations/transport-observation.js";
export type {
  BrowserCertificateError,
  CertificateSummary,
  Hsts,
  MixedContent,
  PrivacyHeaders,
  ProbeCertificate,
  ReferrerPolicyValue,
  TlsProtocol,
  TransportObservation,
  TransportStep,
  TransportStepStatus,
} from "./observations/transport-observation.js";
export {
  LanguageCodeSchema,
  PolicyDisclosuresSchema,
  PolicyFetchStatusSchema,
  PolicyLinkSourceSchema,
  PolicyStepStatusSchema,
  PolicyTextLengthSchema,
  PrivacyPolicyObservationSchema,
} from "./observations/privacy-policy-observation.js";
export type {
  PolicyDisclosures,
  PolicyFetchStatus,
  PolicyLinkSource,
  PolicyStepStatus,
  PolicyTextLength,
  PrivacyPolicyObservation,
} from "./observations/privacy-policy-observation.js";
export {
  GpcJsonSchema,
  GpcPassSchema,
  UsPrivacyObservationSchema,
  UsPrivacyStepStatusSchema,
} from "./observations/us-privacy-observation.js";
export type { GpcJson, GpcPass, UsPrivacyObservation, UsPrivacyStepStatus } from "./observations/us-privacy-observation.js";

// Ports: what an adapter or a host implements and injects.
export type { DurationStats } from "./ports/duration-stats.js";
export type {
  ConsumeInput,
  ConsumeResult,
  CounterCheck,
  CounterStore,
  CounterStoreCapabilities,
  CounterWindow,
} from "./ports/counter-store.js";
export type {
  CounterStatus,
  DailyQuota,
  DailyQuotaGrant,
  RateLimiter,
  RateLimitGrant,
  RateLimitProfile,
  RateLimitScope,
} from "./ports/rate-limiter.js";
export type { ScanInput, Scanner, ScanProgress } from "./ports/scanner.js";
export type { ComponentStatus, HealthProbes } from "./ports/health-probes.js";
export type { CreateIfNoActiveResult, ScanStore } from "./ports/scan-store.js";
export type { JobOutcome, JobQueue, JobQueueDepth, JobQueueFactory, JobQueueHandlers, ScanJobMessage } from "./ports/job-queue.js";
export type { ScanOutcome, ServiceObserver } from "./ports/service-observer.js";
export { notifyObserver } from "./ports/notify-observer.js";
export { SYSTEM_CLOCK } from "./ports/clock.js";
export type { Clock, Ids } from "./ports/clock.js";
export type { KeyStore } from "./ports/key-store.js";
export { normalizeEmail, normalizeScopes } from "./ports/account-store.js";
export type { AccountStore } from "./ports/account-store.js";
export type { AuditEvent, AuditLog } from "./ports/audit-log.js";
export type { AuditRetention } from "./ports/audit-retention.js";
export type { ScanRetention } from "./ports/scan-retention.js";
export { hasRecentScans } from "./ports/recent-scans.js";
export type { RecentScans } from "./ports/recent-scans.js";
export type { DashboardSession, SessionResolver } from "./ports/session-resolver.js";
export type { TargetPolicy } from "./ports/target-policy.js";
export type { MonitorStore } from "./ports/monitor-store.js";
export type { MonitorScheduler, MonitorSchedulerFactory, MonitorTick, MonitorTickOutcome } from "./ports/monitor-scheduler.js";
export type { WebhookSendAttempt, WebhookSender } from "./ports/webhook-sender.js";
export type { Allowance, QuotaCaller, ScanQuota } from "./ports/scan-quota.js";

// Stored records, as every ScanStore and KeyStore keeps them.
export { hasEvidence, isCompleted } from "./domain/scan-record.js";
export type { ScanDiagnosticsRecord, ScanRecord } from "./domain/scan-record.js";
export type { ApiKeyRecord } from "./domain/api-key-record.js";
export type { AccountRecord } from "./domain/account-record.js";
export { monitorRunId } from "./domain/monitor-record.js";
export type { MonitorRecord, MonitorRunRecord, MonitorWebhookRecord } from "./domain/monitor-record.js";

// The projection's result, as a ScanRecord stores it.
export { toScanReport } from "./projection/to-scan-report.js";
export { compareScans, toComparableScan, toScanChanges } from "./projection/changes/to-scan-changes.js";
export type { ComparedReport } from "./projection/changes/to-scan-changes.js";
export { evidenceFingerprint } from "./projection/changes/evidence-fingerprint.js";
export type { FingerprintedRow } from "./projection/changes/evidence-fingerprint.js";
export type { ScanReport } from "./projection/to-scan-report.js";
export type { Finding } from "./projection/findings/to-findings.js";
export type { ConsentSummary } from "./projection/to-consent-summary.js";
export type { VendorPhaseCell, VendorPhaseMatrix, VendorPhaseRow } from "./projection/to-vendor-phase-matrix.js";
export { VISIT_TIMELINE_HITS } from "./projection/to-visit-timeline.js";
export { declaredConsentState } from "./projection/consent-mode-state.js";
export type { ConsentModeStates, GoogleHitsByState } from "./projection/consent-mode-state.js";
export type { ConsentModePhase, ConsentModeSummary } from "./projection/to-consent-mode-summary.js";
export type { TcfPhaseSummary } from "./projection/to-tcf-summary.js";
export type { GppPhaseSummary } from "./projection/to-gpp-summary.js";
export type { StatedOptOut } from "./projection/gpp-answers.js";
export { toGpcAnswer, type GpcAnswer, type GpcOptOutChange } from "./projection/to-gpc-answer.js";
export type { VisitTimeline, VisitTimelineHit, VisitTimelineMark, VisitTimelinePhase } from "./projection/to-visit-timeline.js";
export { toSiteChecks } from "./projection/to-site-checks.js";
export { toPhaseRows } from "./projection/to-phase-rows.js";
export type { PhaseRow, PhaseRows } from "./projection/to-phase-rows.js";
export type { SiteCheck, SiteCheckGroup, SiteCheckOutcome } from "./projection/to-site-checks.js";
export { vendorPhaseCellText } from "./render/vendor-phase-cell-text.js";
export { describeScoreReading } from "./render/describe-score-reading.js";
export { toTimelineEntries, visitTimeText } from "./render/to-timeline-entries.js";
export { consentModeStatesText, hostListText, purposeListText } from "./render/consent-mode-text.js";
export { gpcAnswerText, gppOptOutsText, gppSectionText } from "./render/gpp-text.js";
export { bannerPlacementText, buttonDesignText } from "./render/banner-design-text.js";
export { choiceTogglesText } from "./render/choice-toggles-text.js";
export type { TimelineEntry } from "./render/to-timeline-entries.js";
export { lifetimeText } from "./render/lifetime-text.js";
export { scoreImpactText } from "./render/score-impact-text.js";
export type { ScoreBreakdown } from "./render/to-score-breakdown.js";
export { cmpDisplayName } from "./render/cmp-display-name.js";
export { toGpcComparison, type GpcComparison, type TrackerHostRef } from "./projection/to-gpc-comparison.js";
export type { EvidenceRecord } from "./projection/evidence-record.js";
export { FINDING_CATALOGUE } from "./projection/findings/finding-catalogue.js";
export { SCORE_VERSION } from "./projection/score/score-rubric.js";
// What coverage calls each collector: for hosts that render collector reports, and the scanner's recipe test.
export { COLLECTOR_LABELS } from "./projection/score/to-coverage.js";

// What the HTML report surface renders.
export { REPORT_PHASES } from "./render/to-report-view.js";
export type { ReportPhase, ReportPhaseStatus, ReportView } from "./render/to-report-view.js";
export type { LinkBuilder } from "./render/scan-links.js";

// Use-cases: what every surface calls, with the deps object they take.
export { createScan } from "./use-cases/create-scan.js";
export { DATA_RETENTION_DEFAULTS, purgeExpiredData } from "./use-cases/purge-expired-data.js";
export type { PurgeExpiredDataDeps, PurgeExpiredDataInput, PurgeReport } from "./use-cases/purge-expired-data.js";
export { getScan, getScanStatus } from "./use-cases/get-scan.js";
export { getScanChanges } from "./use-cases/get-scan-changes.js";
export { toWebhookEvent } from "./render/to-webhook-event.js";
export type { WebhookEventInput } from "./render/to-webhook-event.js";
export {
  getBundle,
  getDiagnostics,
  getFinding,
  getPreConsentTable,
  getPulse,
  getPulseEvidence,
  getReport,
  listFindings,
} from "./use-cases/scan-results.js";
export { getScanResult } from "./use-cases/get-scan-result.js";
export { getDomainLatest, getDomainLatestTable } from "./use-cases/get-domain-latest.js";
export { getHealth } from "./use-cases/get-health.js";
export { checkReadiness } from "./use-cases/check-readiness.js";
export type { Readiness } from "./use-cases/check-readiness.js";
export { COMPONENT_PROBE_TIMEOUT_MS } from "./use-cases/check-components.js";
export { exportFindings, MCP_TOOL_HANDLERS } from "./use-cases/mcp-tool-handlers.js";
export type { McpToolArguments, McpToolHandler } from "./use-cases/mcp-tool-handlers.js";
export { runScanJob } from "./use-cases/run-scan-job.js";
export type { WorkerDeps } from "./use-cases/run-scan-job.js";
export { recoverInterruptedScans } from "./use-cases/recover-interrupted-scans.js";
export { normalizeTarget, targetKeyOf, urlHashOf } from "./use-cases/normalize-target.js";
export type { ScanTarget } from "./use-cases/normalize-target.js";
export { createUnlimitedQuota } from "./use-cases/scan-quotas.js";
export { SERVICE_SETTINGS_ENV, serviceSettingsFromEnv } from "./use-cases/service-settings-from-env.js";
export { createAnonymousScanQuota, createLightScanQuota } from "./use-cases/scan-quotas.js";
export { DEFAULT_SERVICE_CONFIG } from "./use-cases/service-deps.js";
export type { Caller, ServiceConfig, ServiceDeps } from "./use-cases/service-deps.js";
export type { UrlSealer } from "./use-cases/create-url-sealer.js";
export type { Outcome } from "./use-cases/outcome.js";

// Limits and keys: the factories and checks a host wires, and the helpers every CounterStore implementation shares.
export { createRateLimiter } from "./limits/create-rate-limiter.js";
export type { RateLimiterOptions } from "./limits/create-rate-limiter.js";
export { createMemoryCounterStore } from "./limits/create-memory-counter-store.js";
export type { MemoryCounterStoreOptions } from "./limits/create-memory-counter-store.js";
export { createIdentifierHasher } from "./limits/create-identifier-hasher.js";
export type { IdentifierHasher, IdentifierHasherOptions, IdentifierKind } from "./limits/create-identifier-hasher.js";
export { RATE_LIMIT_POLICY, RATE_LIMIT_POLICY_VERSION } from "./limits/rate-limit-policy.js";
export type { RateLimitRule, RateLimitUnit } from "./limits/rate-limit-policy.js";
export { networkOf, toRequesterId } from "./limits/to-requester-id.js";
export { isDisposableEmail } from "./keys/is-disposable-email.js";
export { redactLogText } from "./logging/redact-log-text.js";
export { assertConsumeInput } from "./limits/evaluate-consume.js";
export { evaluateConsume } from "./limits/evaluate-consume.js";
export type { EvaluateConsumeInput } from "./limits/evaluate-consume.js";
export type { CounterEntry } from "./limits/evaluate-consume.js";
export { ROLLING_WINDOW_BUCKETS, toCounterExpiry, toRollingBucketMs } from "./limits/counter-window.js";
export { authenticate, checkCredential, requireScopes } from "./keys/authenticate.js";
export { resolveCaller, UNKNOWN_CLIENT } from "./access/resolve-caller.js";
export type { ResolveCallerDeps, ResolveCallerInput } from "./access/resolve-caller.js";
export type { Credential } from "./keys/authenticate.js";
export { issueApiKey, SUPPORT_KEY_PREFIX } from "./keys/issue-api-key.js";
export type { IssueApiKeyInput } from "./keys/issue-api-key.js";
export { revokeApiKey } from "./keys/revoke-api-key.js";
export { KEY_ISSUANCE_CAPS, requestReadOnlyKey } from "./keys/request-read-only-key.js";
export type { RequestReadOnlyKeyDeps } from "./keys/request-read-only-key.js";

// In-process implementations for embedding, and the one-process composition.
export { createMemoryScanStore } from "./stores/create-memory-scan-store.js";
export { cacheEndedScans, ENDED_SCAN_CACHE_DEFAULTS, type EndedScanCacheOptions } from "./stores/cache-ended-scans.js";
export { createInProcessJobQueue } from "./stores/create-in-process-job-queue.js";
export type { InProcessJobQueueOptions } from "./stores/create-in-process-job-queue.js";
export { createRandomIds } from "./stores/create-random-ids.js";
export { createMemoryMonitorStore } from "./stores/create-memory-monitor-store.js";
export { createInProcessMonitorScheduler } from "./stores/create-in-process-monitor-scheduler.js";
export type { InProcessMonitorSchedulerOptions } from "./stores/create-in-process-monitor-scheduler.js";

// Monitors: scheduled rescans of a URL with signed webhooks (docs/api.md "Monitors").
export { DEFAULT_MONITOR_SETTINGS } from "./monitors/monitor-deps.js";
export type { MonitorDeps, MonitorSettings } from "./monitors/monitor-deps.js";
export { checkMonitorSchedule } from "./monitors/check-monitor-schedule.js";
export { MONITOR_SETTINGS_ENV, monitorSettingsFromEnv } from "./monitors/monitor-settings-from-env.js";
export { resumeTimeOf, runMonitorTick } from "./monitors/run-monitor-tick.js";
export type { RunMonitorTickOptions } from "./monitors/run-monitor-tick.js";
export { resumeMonitorRuns, syncMonitorSchedules } from "./monitors/sync-monitor-schedules.js";
export { createDurationStats } from "./stores/create-duration-stats.js";
export { createService } from "./compose/create-service.js";
export type { CloseOptions, Service, ServiceOptions } from "./compose/create-service.js";
export { startScanWorker } from "./compose/start-scan-worker.js";
export type { ScanWorker, ScanWorkerOptions } from "./compose/start-scan-worker.js";
export { createLocalService } from "./compose/create-local-service.js";
export type { LocalServiceOptions } from "./compose/create-local-service.js";
export { PORTS } from "./compose/port-tokens.js";
export type { PortToken } from "./compose/port-tokens.js";
export { usePort } from "./compose/use-port.js";
export type { PortRegistry } from "./compose/use-port.js";
export { OPERATION_USE_CASES } from "./use-cases/operation-use-cases.js";
export type { OperationDeps, OperationInput, OperationUseCase, UseCaseOperationId } from "./use-cases/operation-use-cases.js";

// File exports of a scan (SARIF, JUnit, Markdown, CSV), made from contract resources.
export {
  CRITICALITY_ORDER,
  escapeMarkdown,
  isAtLeast,
  SARIF_LEVELS,
  toJunitXml,
  toMarkdownSummary,
  toPhaseRowsCsv,
  toPreConsentCsv,
  toSarifLog,
  toScanExport,
} from "./exports/index.js";
export type {
  ExportedFinding,
  JunitOptions,
  SarifLevel,
  SarifLog,
  SarifOptions,
  ScanExportInput,
  ScanExportOptions,
  ScanExportSources,
} from "./exports/index.js";
