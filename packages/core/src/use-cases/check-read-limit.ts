import { OPERATIONS, type OperationId, type ReadWeight } from "../contract/index.js";
import { toRequesterId } from "../limits/to-requester-id.js";
import type { Caller, ServiceDeps } from "./service-deps.js";

/** Weight of the MCP-only reads (evidence packet, bundle): "evidence ... or composite bundle = 4 units". */
export const HEAVY_READ: ReadWeight = { policy: "resource", units: 4 };

/** A read of a scan that is still active: counted like a status poll, whatever route it came through. */
export const ACTIVE_SCAN_READ: ReadWeight = { policy: "status", units: 1 };

/** A REST operation's read weight, from the one operation table. */
export function weightOf(operationId: OperationId): ReadWeight | null {
  return OPERATIONS.find((operation) => operation.operationId === operationId)?.readWeight ?? null;
}

/**
 * Charges a read to the weighted limits before any work (contract: limits apply before composite fan-out,
 * so an over-limit bundle is refused before it is built). Deployments without a limiter (embedding, the
 * scan command) skip it.
 */
export async function checkReadLimit(
  deps: ServiceDeps,
  input: { caller: Caller; resource: string; weight: ReadWeight | null; sharedLink?: boolean },
): Promise<void> {
  if (deps.limits === undefined || input.weight === null) return;
  const caller = input.caller.kind === "anonymous" ? `ip:${toRequesterId(input.caller.ip)}` : `key:${input.caller.keyId}`;
  await deps.limits.checkRead({
    caller,
    resource: input.resource,
    weight: input.weight,
    // The report page takes no credential (it is opened from a link people share): its readers are limited
    // per address, but left out of the scan-wide rule, or a few dozen addresses would lock it for everyone.
    outsideResourceRule: input.caller.kind === "key" || input.sharedLink === true,
    ...(input.caller.kind === "key" && input.caller.selfServe === true ? { keyId: input.caller.keyId } : {}),
  });
}
