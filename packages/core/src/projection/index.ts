/** Pure projections: observations -> evidence -> findings -> score and the tables every surface renders. */
export { toEvidence } from "./to-evidence.js";
export { toSignalRecord } from "./evidence-record.js";
export type { EvidenceRecord } from "./evidence-record.js";
export { rowPriority } from "./row-priority.js";
export { toPreConsentRows } from "./to-pre-consent-rows.js";
export { defineFinding } from "./findings/finding-definition.js";
export type { FindingDefinition } from "./findings/finding-definition.js";
export { FINDING_CATALOGUE } from "./findings/finding-catalogue.js";
export { LONG_LIFETIME_SECONDS, PRE_CONSENT_FINDINGS } from "./findings/pre-consent-findings.js";
export { toExample, toFindings } from "./findings/to-findings.js";
export type { Finding } from "./findings/to-findings.js";
export { RISK_LEVELS, SCORE_DEDUCTIONS, SCORE_VERSION } from "./score/score-rubric.js";
export { deductionOf, toScore } from "./score/to-score.js";
export { NO_GO_MESSAGES, toCoverage } from "./score/to-coverage.js";
export { toScanReport } from "./to-scan-report.js";
export type { ScanReport } from "./to-scan-report.js";
export { toConsentSummary } from "./to-consent-summary.js";
export type { ConsentSummary } from "./to-consent-summary.js";
