/** Renderers: stored scan records to the contract's resources. Pure; every surface uses the same ones. */
export { createLinkBuilder } from "./scan-links.js";
export type { LinkBuilder } from "./scan-links.js";
export type { CompletedRecord } from "./completed-record.js";
export type { RequestProvenance } from "./request-provenance.js";
export { scanTimeSeconds, toScanOverview } from "./scan-overview.js";
export { toScanResource } from "./to-scan-resource.js";
export { toScanJobResource } from "./to-scan-job-resource.js";
export type { JobTiming } from "./to-scan-job-resource.js";
export { toFindingList, toFindingSummary } from "./to-finding-list.js";
export { toFindingDetail } from "./to-finding-detail.js";
export { toPreConsentTable } from "./to-pre-consent-table.js";
export { PULSE_CAVEAT, toHeadline, toHighlights, toPulse } from "./to-pulse.js";
export { toPulseEvidence } from "./to-pulse-evidence.js";
export { toDiagnostics } from "./to-diagnostics.js";
export { toScanBundle } from "./to-scan-bundle.js";
export type { BundleRequest } from "./to-scan-bundle.js";
export { largestFittingCount } from "./largest-fitting-count.js";
