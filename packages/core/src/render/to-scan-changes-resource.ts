import { DISCLAIMER, type ScanChangesResource } from "../contract/index.js";
import type { CompletedRecord } from "../domain/scan-record.js";
import { toScanChanges } from "../projection/changes/to-scan-changes.js";
import type { LinkBuilder } from "./scan-links.js";

/**
 * The changes resource of a completed scan against an earlier one of its target (null: it had none): the
 * comparison of their stored reports, nothing recomputed from observations. `explicit` says the caller chose
 * the earlier scan, so `self` repeats it.
 */
export function toScanChangesResource(
  record: CompletedRecord,
  earlier: { record: CompletedRecord; explicit: boolean } | null,
  links: LinkBuilder,
): ScanChangesResource {
  return {
    type: "service_scan_changes",
    scanId: record.scanId,
    since: earlier === null ? null : { scanId: earlier.record.scanId, completedAt: earlier.record.completedAt },
    changes: earlier === null ? null : toScanChanges(earlier.record.report, record.report),
    links: {
      self: links.changes(record.scanId, earlier?.explicit === true ? earlier.record.scanId : undefined),
      scan: links.scan(record.scanId),
      since: earlier === null ? null : links.scan(earlier.record.scanId),
      report: links.report(record.scanId),
    },
    disclaimer: DISCLAIMER,
  };
}
