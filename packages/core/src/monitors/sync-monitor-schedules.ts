import { MAX_MONITOR_RUNS } from "../contract/index.js";
import type { MonitorDeps } from "./monitor-deps.js";
import { runMonitorTick } from "./run-monitor-tick.js";

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

/**
 * Goes on with the runs a stopped process left `running` (any kept run of an active monitor: its scan, or a
 * delivery waiting to retry): for a scheduler that keeps nothing (croner), which never fires a past tick
 * again. Each run continues where it stopped (the same scan, the same message id), through the scheduler's
 * `runNow` when it has one, so a run that is still not over is taken up again when it asks. Answers the runs
 * it resumed, without waiting for them; `onError` hears what one threw.
 */
export async function resumeMonitorRuns(deps: MonitorDeps, onError: (error: unknown) => void): Promise<number> {
  let resumed = 0;
  for (const monitor of await deps.monitors.listActive()) {
    for (const run of await deps.monitors.listRuns(monitor.monitorId, MAX_MONITOR_RUNS)) {
      if (run.status !== "running") continue;
      resumed += 1;
      const tick = { monitorId: monitor.monitorId, scheduledAt: run.scheduledAt };
      if (deps.scheduler.runNow === undefined) void runMonitorTick(deps, tick).catch(onError);
      else deps.scheduler.runNow(tick);
    }
  }
  return resumed;
}
