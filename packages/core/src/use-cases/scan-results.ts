import type { BundleDetail } from "../contract/index.js";
import { ServiceError } from "../errors/service-error.js";
import { toDiagnostics } from "../render/to-diagnostics.js";
import { toFindingDetail } from "../render/to-finding-list.js";
import { toFindingList } from "../render/to-finding-list.js";
import { toPreConsentTable } from "../render/to-pre-consent-table.js";
import { toPulse } from "../render/to-pulse.js";
import { toPulseEvidence } from "../render/to-pulse.js";
import { checkBundleRequest, toScanBundle } from "../render/to-scan-bundle.js";
import { toReportView } from "../render/to-report-view.js";
import { findPreviousScan } from "./find-previous-scan.js";
import { checkFindingId } from "./find-scan.js";
import { HEAVY_READ, weightOf } from "./check-read-limit.js";
import { getScanResult } from "./get-scan-result.js";
import type { Caller, ServiceDeps } from "./service-deps.js";

type Read = { scanId: string; caller: Caller };

/** The result reads every surface calls; each one renders the stored report, nothing is recomputed. */
export const listFindings = (deps: ServiceDeps, input: Read) =>
  getScanResult(deps, { ...input, weight: weightOf("listScanFindings") }, toFindingList);

export const getFinding = async (deps: ServiceDeps, input: Read & { findingId: string }) => {
  const findingId = checkFindingId(input.findingId);
  return getScanResult(deps, { ...input, weight: weightOf("getScanFinding") }, (record, links) => {
    const detail = toFindingDetail(record, findingId, links);
    if (detail === null) throw new ServiceError("not_found", "This scan has no such finding.");
    return detail;
  });
};

export const getPreConsentTable = (deps: ServiceDeps, input: Read) =>
  getScanResult(deps, { ...input, weight: weightOf("getScanPreConsentCookiesTrackers") }, toPreConsentTable);
export const getPulse = (deps: ServiceDeps, input: Read) => getScanResult(deps, { ...input, weight: weightOf("getScanPulse") }, toPulse);
export const getDiagnostics = (deps: ServiceDeps, input: Read) =>
  getScanResult(deps, { ...input, weight: weightOf("getScanDiagnostics") }, toDiagnostics);

/** MCP-only reads: the evidence packet and the bundle are heavy reads (4 units). */
export const getPulseEvidence = (deps: ServiceDeps, input: Read) => getScanResult(deps, { ...input, weight: HEAVY_READ }, toPulseEvidence);

/**
 * The MCP bundle. Its detail and budget are checked before the read is counted: a budget outside the
 * accepted range is `invalid_request`, never raised to fit.
 */
export const getBundle = async (deps: ServiceDeps, input: Read & { detail?: BundleDetail; maxBytes?: number }) => {
  const request = checkBundleRequest(input);
  return getScanResult(deps, { ...input, weight: HEAVY_READ }, (record, links) => toScanBundle(record, request, links));
};

/**
 * The human report page: the "full report" of the weighted limits (4 units), rendered from the same
 * projections, with what changed since the target's previous scan when it had one. Opened from a shared
 * link, so a crowd of readers cannot lock it (`checkReadLimit`).
 */
export const getReport = (deps: ServiceDeps, input: Read) =>
  getScanResult(deps, { ...input, weight: HEAVY_READ, sharedLink: true }, async (record, links) =>
    toReportView(record, links, await findPreviousScan(deps, record)),
  );
