import type { MonitorDeps } from "./monitor-deps.js";

/**
 * Registers every active monitor's schedule with the scheduler: what a process does when it starts, so a
 * scheduler that keeps nothing (croner in one process) has every monitor again after a restart, and one
 * that keeps its schedules (BullMQ in Redis) converges on the store. Answers how many were registered.
 */
export async function syncMonitorSchedules(deps: Pick<MonitorDeps, "monitors" | "scheduler">): Promise<number> {
  const active = await deps.monitors.listActive();
  for (const monitor of active) await deps.scheduler.schedule(monitor);
  return active.length;
}
