import { isCompleted, type CompletedRecord } from "../domain/scan-record.js";
import type { ServiceDeps } from "./service-deps.js";

/**
 * The scan a completed one compares with by default: its target's latest scan with a result when it
 * completed (`previousScanId`, kept on the record then). Null for a target scanned once, or when that scan
 * is past retention or was deleted.
 */
export async function findPreviousScan(deps: Pick<ServiceDeps, "scans">, record: CompletedRecord): Promise<CompletedRecord | null> {
  if (record.previousScanId === undefined || record.previousScanId === null) return null;
  const earlier = await deps.scans.get(record.previousScanId);
  return earlier !== null && isCompleted(earlier) ? earlier : null;
}
