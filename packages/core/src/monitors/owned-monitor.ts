import { MonitorIdSchema } from "../contract/index.js";
import type { MonitorRecord } from "../domain/monitor-record.js";
import { ServiceError } from "../errors/service-error.js";
import type { Caller } from "../use-cases/service-deps.js";
import type { MonitorDeps } from "./monitor-deps.js";

/** Monitors belong to keys: an anonymous caller has none (the routes require a bearer before this). */
export function ownerOf(caller: Caller): string {
  if (caller.kind !== "key") throw new ServiceError("unauthorized", "Monitors need an API key with the monitor:write scope.");
  return caller.keyId;
}

/**
 * The caller's monitor by id. Another key's monitor is `not_found`, like one that does not exist: its
 * existence is not the caller's to learn.
 */
export async function findOwnedMonitor(deps: MonitorDeps, input: { monitorId: string; caller: Caller }): Promise<MonitorRecord> {
  const owner = ownerOf(input.caller);
  if (!MonitorIdSchema.safeParse(input.monitorId).success) throw new ServiceError("invalid_request", "monitorId: must be a UUID");
  const record = await deps.monitors.get(input.monitorId.toLowerCase());
  if (record === null || record.ownerKeyId !== owner) throw new ServiceError("not_found", "No such monitor for this key.");
  return record;
}
