import { ScanIdSchema } from "../contract/index.js";
import { hasEvidence, isCompleted, type CompletedRecord } from "../domain/scan-record.js";
import { ServiceError } from "../errors/service-error.js";
import { toScanChangesResource } from "../render/to-scan-changes-resource.js";
import { weightOf } from "./check-read-limit.js";
import { findPreviousScan } from "./find-previous-scan.js";
import { getScanResult } from "./get-scan-result.js";
import { targetKeyOf } from "./normalize-target.js";
import type { Caller, ServiceDeps } from "./service-deps.js";

/**
 * What changed since an earlier scan of the same target (URL and region): the one named by `since`, or by
 * default the target's latest scan with a result when this one completed (`previousScanId`; none for a
 * target scanned once, or when that scan is past retention). A `since` that is not an earlier completed
 * scan of the same target is refused, before anything is compared: scans of two targets never are.
 */
export async function getScanChanges(deps: ServiceDeps, input: { scanId: string; since?: string | undefined; caller: Caller }) {
  const since = input.since === undefined || input.since === "" ? undefined : checkSince(input.since);
  return getScanResult(deps, { scanId: input.scanId, caller: input.caller, weight: weightOf("getScanChanges") }, async (record, links) => {
    const earlier = since === undefined ? await findPreviousScan(deps, record) : await namedEarlier(deps, record, since);
    return toScanChangesResource(record, earlier === null ? null : { record: earlier, explicit: since !== undefined }, links);
  });
}

function checkSince(since: string): string {
  if (!ScanIdSchema.safeParse(since).success) throw new ServiceError("invalid_request", "since must be a scan's id (a UUID)");
  return since.toLowerCase();
}

async function namedEarlier(deps: ServiceDeps, record: CompletedRecord, since: string): Promise<CompletedRecord> {
  const refuse = (why: string) => new ServiceError("invalid_request", `since: ${why}`);
  if (since === record.scanId) throw refuse("this scan itself; name an earlier scan of its target");
  const earlier = await deps.scans.get(since);
  if (earlier === null) throw refuse("no scan with this id (it may be past retention)");
  if (targetKeyOf(earlier) !== targetKeyOf(record)) throw refuse("a scan of another URL or region; changes compare scans of one target");
  if (!isCompleted(earlier) || !hasEvidence(earlier)) throw refuse("that scan has no result to compare with");
  if ((earlier.completedAt ?? "") > (record.completedAt ?? "")) throw refuse("a later scan than this one; name an earlier one");
  return earlier;
}
