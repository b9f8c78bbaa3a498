import type { VendorPhaseCell } from "../projection/to-vendor-phase-matrix.js";

/**
 * One cell of the vendor x phase matrix in words ("3 trackers, 2 cookies, 1 storage"), or null when the
 * vendor did none of it in that phase. The report page and the terminal say it the same way.
 */
export function vendorPhaseCellText(cell: VendorPhaseCell): string | null {
  const parts = [
    cell.trackerHosts === 0 ? null : `${cell.trackerHosts} tracker${cell.trackerHosts === 1 ? "" : "s"}`,
    cell.cookies === 0 ? null : `${cell.cookies} cookie${cell.cookies === 1 ? "" : "s"}`,
    cell.storageKeys === 0 ? null : `${cell.storageKeys} storage`,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? null : parts.join(", ");
}
