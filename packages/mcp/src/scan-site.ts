import {
  MCP_TOOL_HANDLERS,
  SCAN_SITE_DEFAULT_WAIT_SECONDS,
  ScanProvenanceShape,
  getScanStatus,
  type Caller,
  type McpToolArguments,
  type ServiceDeps,
} from "@public-scan/core";
import { waitForScan, type WaitForScanInput } from "./wait-for-scan.js";

/** The fields that say how this request was served (reuse, freshness, quota), as REST's createScan says them. */
const PROVENANCE_FIELDS = Object.keys(ScanProvenanceShape).filter((field) => field !== "recommendedNextTool");

export interface ScanSiteInput {
  args: McpToolArguments<"service_scan_site">;
  caller: Caller;
  signal: AbortSignal;
  onProgress?: WaitForScanInput["onProgress"];
  /** The host's bound on the wait (default: the contract's 45 s), below which `waitSeconds` is cut. */
  maxWaitSeconds?: number;
}

/**
 * `service_scan_site`: the REST createScan, then, when it queued or joined a scan, a wait for the result
 * (default 45 s, never longer, and never longer than the host lets a request run: `maxWaitSeconds`, so a
 * Lambda function answers the job with its scanId before its timeout; cancelled with the request). The answer is the scan's status as
 * `service_get_scan_status` gives it (the Scan when done, else its job), with the provenance of this
 * request: whether it reused, joined or started a scan, and what that did to the caller's allowance.
 */
export async function scanSite(deps: ServiceDeps, input: ScanSiteInput): Promise<Record<string, unknown>> {
  const created = (await MCP_TOOL_HANDLERS.service_scan_site(deps, input)).body as Record<string, unknown>;
  const waitSeconds = Math.min(
    input.args.waitSeconds ?? SCAN_SITE_DEFAULT_WAIT_SECONDS,
    input.maxWaitSeconds ?? SCAN_SITE_DEFAULT_WAIT_SECONDS,
  );
  if (created.type !== "service_scan_job" || waitSeconds === 0) return created;
  const scanId = String(created.scanId);
  await waitForScan(deps, {
    scanId,
    waitMs: waitSeconds * 1000,
    signal: input.signal,
    ...(input.onProgress === undefined ? {} : { onProgress: input.onProgress }),
  });
  const status = (await getScanStatus(deps, { scanId, caller: input.caller })).body as Record<string, unknown>;
  return { ...status, ...Object.fromEntries(PROVENANCE_FIELDS.map((field) => [field, created[field]])) };
}
