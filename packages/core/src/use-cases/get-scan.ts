import type { Scan, ScanOrJob } from "../contract/index.js";
import { isCompleted, type ScanRecord } from "../domain/scan-record.js";
import { ACTIVE_SCAN_READ, checkReadLimit, weightOf } from "./check-read-limit.js";
import { toScanJobResource } from "../render/to-scan-job-resource.js";
import { toScanResource } from "../render/to-scan-resource.js";
import { findScan } from "./find-scan.js";
import { endedWithoutResult } from "./get-scan-result.js";
import type { Outcome } from "./outcome.js";
import { jobTiming, linksOf, readProvenance } from "./render-context.js";
import type { Caller, ServiceDeps } from "./service-deps.js";

/**
 * GET /scans/{scanId}: the Scan once completed (200); while active its ScanJob (202, Retry-After). A failed
 * or expired scan has no Scan: 404 like every result route (the contract's 200 is a Scan), and the status
 * route tells what happened.
 */
export async function getScan(deps: ServiceDeps, input: { scanId: string; caller: Caller }): Promise<Outcome<Scan>> {
  const outcome = await readCharged(deps, { ...input, completedWeight: weightOf("getScan") });
  if (outcome.status === 202) return outcome;
  const { body } = outcome;
  if (body.type === "service_scan") return { status: 200, body };
  throw endedWithoutResult(body.status);
}

/**
 * Loads the scan and charges the read: a completed scan by the route's weight; a scan still active is being
 * polled, so the status policy counts it whatever route it came through.
 */
async function readCharged(
  deps: ServiceDeps,
  input: { scanId: string; caller: Caller; completedWeight: ReturnType<typeof weightOf> },
): Promise<Outcome<ScanOrJob>> {
  const record = await findScan(deps, input.scanId);
  const weight = isCompleted(record) ? input.completedWeight : ACTIVE_SCAN_READ;
  await checkReadLimit(deps, { caller: input.caller, resource: record.scanId, weight });
  return readScan(deps, { record, caller: input.caller });
}

async function readScan(deps: ServiceDeps, input: { record: ScanRecord; caller: Caller }): Promise<Outcome<ScanOrJob>> {
  const { record } = input;
  const context = { links: linksOf(deps), provenance: readProvenance(deps, await deps.quota.peek(input.caller)) };
  if (isCompleted(record)) return { status: 200, body: toScanResource(record, context) };
  const job = toScanJobResource(record, { ...context, timing: jobTiming(deps) });
  if (job.status === "failed" || job.status === "expired") return { status: 200, body: job };
  return { status: 202, body: job, retryAfterSeconds: job.retryAfterSeconds };
}

/** GET /scans/{scanId}/status: the same answers, always 200 (a status read is never "accepted"). */
export async function getScanStatus(
  deps: ServiceDeps,
  input: { scanId: string; caller: Caller },
): Promise<{ status: 200; body: ScanOrJob }> {
  const outcome = await readCharged(deps, { ...input, completedWeight: weightOf("getScanStatus") });
  return { status: 200, body: outcome.body };
}
