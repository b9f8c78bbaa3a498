import type { ReadWeight } from "../contract/index.js";
import { ServiceError } from "../errors/service-error.js";
import { ACTIVE_SCAN_READ, checkReadLimit } from "./check-read-limit.js";
import { isCompleted } from "../domain/scan-record.js";
import type { CompletedRecord } from "../domain/scan-record.js";
import type { LinkBuilder } from "../render/scan-links.js";
import { toScanJobResource } from "../render/to-scan-job-resource.js";
import { findScan } from "./find-scan.js";
import type { Outcome } from "./outcome.js";
import { jobTiming, linksOf, readProvenance } from "./render-context.js";
import type { Caller, ServiceDeps } from "./service-deps.js";

/**
 * The shared path of every result read (findings, finding, table, Pulse, evidence, bundle, diagnostics):
 * a completed scan is rendered; an active one answers 202 with its ScanJob; a failed or expired one has
 * no result (404): missing findings are never inferred from failed work.
 */
export async function getScanResult<T>(
  deps: ServiceDeps,
  input: { scanId: string; caller: Caller; weight: ReadWeight | null; sharedLink?: boolean },
  render: (record: CompletedRecord, links: LinkBuilder) => T | Promise<T>,
): Promise<Outcome<T>> {
  const record = await findScan(deps, input.scanId);
  // The weighted limits are for completed resources; a scan still running is polled (contract "Limits").
  const weight = isCompleted(record) || input.weight === null ? input.weight : ACTIVE_SCAN_READ;
  await checkReadLimit(deps, { caller: input.caller, resource: record.scanId, weight, sharedLink: input.sharedLink === true });
  const links = linksOf(deps);
  if (isCompleted(record)) return { status: 200, body: await render(record, links) };
  if (record.status === "failed" || record.status === "expired") throw endedWithoutResult(record.status);
  const job = toScanJobResource(record, {
    links,
    provenance: readProvenance(deps, await deps.quota.peek(input.caller)),
    timing: jobTiming(deps),
  });
  return { status: 202, body: job, retryAfterSeconds: job.retryAfterSeconds };
}

/** The answer of every result read of a scan that failed or expired: nothing to show, nothing inferred. */
export function endedWithoutResult(status: string): ServiceError {
  return new ServiceError("not_found", `This scan ended ${status} and has no result. Start a new scan.`);
}
