import { MAX_MONITOR_RUNS, type Monitor } from "../contract/index.js";
import type { MonitorRecord } from "../domain/monitor-record.js";
import { checkReadLimit, weightOf } from "../use-cases/check-read-limit.js";
import type { Outcome } from "../use-cases/outcome.js";
import { linksOf } from "../use-cases/render-context.js";
import type { Caller } from "../use-cases/service-deps.js";
import type { MonitorDeps } from "./monitor-deps.js";
import { findOwnedMonitor, ownerOf } from "./owned-monitor.js";
import { toMonitorResource, toMonitorRunResource } from "./to-monitor-resource.js";

/** A monitor with its latest run, as every monitor route answers it. */
export async function monitorResource(deps: MonitorDeps, record: MonitorRecord): Promise<Monitor> {
  const [lastRun] = await deps.monitors.listRuns(record.monitorId, 1);
  return toMonitorResource(record, { links: linksOf(deps.service), lastRun: lastRun ?? null });
}

/** GET /api/v2/monitors: the caller's monitors, newest first, each with its latest run. */
export async function listMonitors(deps: MonitorDeps, input: { caller: Caller }): Promise<Outcome<{ monitors: Monitor[] }>> {
  const owner = ownerOf(input.caller);
  // Reads count as their operation says (one unit each), on every surface.
  await checkReadLimit(deps.service, { caller: input.caller, resource: `monitors:${owner}`, weight: weightOf("listMonitors") });
  const records = await deps.monitors.listByOwner(owner);
  return { status: 200, body: { monitors: await Promise.all(records.map((record) => monitorResource(deps, record))) } };
}

/** GET /api/v2/monitors/{monitorId}. */
export async function getMonitor(deps: MonitorDeps, input: { monitorId: string; caller: Caller }): Promise<Outcome<Monitor>> {
  const record = await findOwnedMonitor(deps, input);
  await checkReadLimit(deps.service, { caller: input.caller, resource: `monitor:${record.monitorId}`, weight: weightOf("getMonitor") });
  return { status: 200, body: await monitorResource(deps, record) };
}

/** GET /api/v2/monitors/{monitorId}/runs: the kept runs, newest tick first, each with its delivery log. */
export async function listMonitorRuns(deps: MonitorDeps, input: { monitorId: string; caller: Caller }) {
  const record = await findOwnedMonitor(deps, input);
  await checkReadLimit(deps.service, {
    caller: input.caller,
    resource: `monitor:${record.monitorId}`,
    weight: weightOf("listMonitorRuns"),
  });
  const runs = await deps.monitors.listRuns(record.monitorId, MAX_MONITOR_RUNS);
  return { status: 200 as const, body: { monitorId: record.monitorId, runs: runs.map(toMonitorRunResource) } };
}
