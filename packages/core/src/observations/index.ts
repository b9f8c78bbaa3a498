/** Observation schemas: what the Scanner port returns. Shared by the scanner (fills) and projections (read). */
export {
  ClassificationSchema,
  ClassificationSourceSchema,
  ObservedHostSchema,
  ObservedNameSchema,
  SafeUrlSchema,
  UNCLASSIFIED,
} from "./observation-primitives.js";
export type { Classification } from "./observation-primitives.js";
export { CookieObservationSchema } from "./cookie-observation.js";
export type { CookieObservation } from "./cookie-observation.js";
export { StorageKindSchema, StorageObservationSchema } from "./storage-observation.js";
export type { StorageKind, StorageObservation } from "./storage-observation.js";
export { RequestObservationSchema, ResourceTypeSchema } from "./request-observation.js";
export type { RequestObservation, ResourceType } from "./request-observation.js";
export { NavigationObservationSchema, PageKindSchema } from "./navigation-observation.js";
export type { NavigationObservation, PageKind } from "./navigation-observation.js";
export { CollectorReportSchema } from "./collector-report.js";
export type { CollectorReport } from "./collector-report.js";
export {
  CmpNameSchema,
  ConsentClassificationSchema,
  ConsentObservationSchema,
  ConsentStepStatusSchema,
  TcfSummarySchema,
} from "./consent-observation.js";
export type { ConsentClassification, ConsentObservation, ConsentStepStatus, TcfSummary } from "./consent-observation.js";
export { FrameObservationSchema } from "./frame-observation.js";
export type { FrameObservation } from "./frame-observation.js";
export { OBSERVATION_LIMITS, ScanObservationsSchema } from "./scan-observations.js";
export type { ScanObservations } from "./scan-observations.js";
export { hostOf, toObservedHost, toSafeUrl } from "./safe-url.js";
export { ConsentActionSchema, ConsentActionsSchema, PhaseRunSchema } from "./phase-observation.js";
export type { ConsentAction, ConsentActions, PhaseRun } from "./phase-observation.js";
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
} from "./transport-observation.js";
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
} from "./transport-observation.js";
export {
  LanguageCodeSchema,
  PolicyDisclosuresSchema,
  PolicyFetchStatusSchema,
  PolicyLinkSourceSchema,
  PolicyStepStatusSchema,
  PolicyTextLengthSchema,
  PrivacyPolicyObservationSchema,
} from "./privacy-policy-observation.js";
export type {
  PolicyDisclosures,
  PolicyFetchStatus,
  PolicyLinkSource,
  PolicyStepStatus,
  PolicyTextLength,
  PrivacyPolicyObservation,
} from "./privacy-policy-observation.js";
export { GpcJsonSchema, GpcPassSchema, UsPrivacyObservationSchema, UsPrivacyStepStatusSchema } from "./us-privacy-observation.js";
export type { GpcJson, GpcPass, UsPrivacyObservation, UsPrivacyStepStatus } from "./us-privacy-observation.js";
