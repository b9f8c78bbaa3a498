import { FindingIdSchema, HostSchema, RegionCodeSchema, ScanIdSchema } from "../contract/index.js";
import type { ScanRecord } from "../domain/scan-record.js";
import { ServiceError } from "../errors/service-error.js";
import type { ServiceDeps } from "./service-deps.js";

/** Loads a scan by id: `invalid_request` for a malformed id, `not_found` for an unknown one. */
export async function findScan(deps: ServiceDeps, scanId: string): Promise<ScanRecord> {
  if (!ScanIdSchema.safeParse(scanId).success) throw new ServiceError("invalid_request", "scanId must be a UUID");
  const record = await deps.scans.get(scanId.toLowerCase());
  if (record === null) throw new ServiceError("not_found", "No scan with this id.");
  return record;
}

export function checkFindingId(findingId: string): string {
  if (!FindingIdSchema.safeParse(findingId).success)
    throw new ServiceError("invalid_request", "findingId must be a snake_case finding code");
  return findingId;
}

export function checkDomain(domain: string): string {
  const normalised = domain.trim().toLowerCase().replace(/\.$/, "");
  if (!HostSchema.safeParse(normalised).success)
    throw new ServiceError("invalid_request", "domain must be a host name such as www.example.com");
  return normalised;
}

export function checkScanFrom(scanFrom: string | undefined): string | undefined {
  if (scanFrom === undefined) return undefined;
  if (!RegionCodeSchema.safeParse(scanFrom).success)
    throw new ServiceError("invalid_request", "scanFrom must be a region code such as eu_ie");
  return scanFrom;
}
