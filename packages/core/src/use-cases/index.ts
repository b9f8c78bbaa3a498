/** Use-cases every surface calls (REST, MCP, Lambda, the scan command), over injected ports. */
export { createScan } from "./create-scan.js";
export { getScan, getScanStatus } from "./get-scan.js";
export {
  getBundle,
  getDiagnostics,
  getFinding,
  getPreConsentTable,
  getPulse,
  getPulseEvidence,
  getReport,
  listFindings,
} from "./scan-results.js";
export { getScanResult } from "./get-scan-result.js";
export { checkReadLimit, HEAVY_READ, weightOf } from "./check-read-limit.js";
export { getDomainLatest, getDomainLatestTable } from "./get-domain-latest.js";
export { getHealth } from "./get-health.js";
export { runScanJob } from "./run-scan-job.js";
export type { WorkerDeps } from "./run-scan-job.js";
export { recoverInterruptedScans } from "./recover-interrupted-scans.js";
export { normalizeTarget, targetKeyOf } from "./normalize-target.js";
export type { ScanTarget } from "./normalize-target.js";
export { createUnlimitedQuota } from "./scan-quotas.js";
export { createAnonymousScanQuota } from "./scan-quotas.js";
export { toDiagnosticsRecord } from "./to-diagnostics-record.js";
export { DEFAULT_SERVICE_CONFIG } from "./service-deps.js";
export type { Allowance, Caller, ScanQuota, ServiceConfig, ServiceDeps } from "./service-deps.js";
export type { Outcome } from "./outcome.js";
