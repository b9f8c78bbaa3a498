import { MAX_MONITOR_RUNS } from "../contract/index.js";
import type { MonitorRecord, MonitorRunRecord } from "../domain/monitor-record.js";
import type { MonitorStore } from "../ports/monitor-store.js";

/** Newest first: createdAt, then monitorId, both descending (ISO times compare as text, as in SQL). */
const newestFirst = (a: MonitorRecord, b: MonitorRecord): number =>
  a.createdAt !== b.createdAt ? (a.createdAt > b.createdAt ? -1 : 1) : a.monitorId === b.monitorId ? 0 : a.monitorId > b.monitorId ? -1 : 1;

/** Newest tick first, then runId (two runs of one tick cannot exist, but the order stays total). */
const latestTickFirst = (a: MonitorRunRecord, b: MonitorRunRecord): number =>
  a.scheduledAt !== b.scheduledAt ? (a.scheduledAt > b.scheduledAt ? -1 : 1) : a.runId > b.runId ? -1 : a.runId < b.runId ? 1 : 0;

/** The in-memory MonitorStore, for tests and one-process embedding. Records are copied in and out. */
export function createMemoryMonitorStore(): MonitorStore {
  const monitors = new Map<string, MonitorRecord>();
  const runs = new Map<string, Map<string, MonitorRunRecord>>();
  const copy = <T>(value: T | undefined): T | null => (value === undefined ? null : structuredClone(value));
  return {
    create(record, { maxPerOwner }) {
      if (monitors.has(record.monitorId)) throw new Error(`monitor ${record.monitorId} exists`);
      const owned = [...monitors.values()].filter((monitor) => monitor.ownerKeyId === record.ownerKeyId).length;
      if (owned >= maxPerOwner) return Promise.resolve("cap_reached");
      monitors.set(record.monitorId, structuredClone(record));
      runs.set(record.monitorId, new Map());
      return Promise.resolve("created");
    },
    get: (monitorId) => Promise.resolve(copy(monitors.get(monitorId))),
    listByOwner: (ownerKeyId) =>
      Promise.resolve(
        [...monitors.values()]
          .filter((monitor) => monitor.ownerKeyId === ownerKeyId)
          .sort(newestFirst)
          .map((monitor) => structuredClone(monitor)),
      ),
    listActive: () =>
      Promise.resolve(
        [...monitors.values()]
          .filter((monitor) => monitor.status === "active")
          .sort(newestFirst)
          .map((monitor) => structuredClone(monitor)),
      ),
    update(record) {
      if (!monitors.has(record.monitorId)) return Promise.resolve(false);
      monitors.set(record.monitorId, structuredClone(record));
      return Promise.resolve(true);
    },
    delete(monitorId) {
      runs.delete(monitorId);
      return Promise.resolve(monitors.delete(monitorId));
    },
    claimRun(run) {
      const own = runs.get(run.monitorId);
      if (own === undefined) return Promise.resolve({ claimed: false, run: null });
      const existing = own.get(run.runId);
      if (existing !== undefined) return Promise.resolve({ claimed: false, run: structuredClone(existing) });
      own.set(run.runId, structuredClone(run));
      for (const old of [...own.values()].sort(latestTickFirst).slice(MAX_MONITOR_RUNS)) own.delete(old.runId);
      return Promise.resolve({ claimed: own.has(run.runId), run: copy(own.get(run.runId)) });
    },
    saveRun(run) {
      const own = runs.get(run.monitorId);
      if (own?.has(run.runId) !== true) return Promise.resolve(false);
      own.set(run.runId, structuredClone(run));
      return Promise.resolve(true);
    },
    listRuns: (monitorId, limit) =>
      Promise.resolve(
        [...(runs.get(monitorId)?.values() ?? [])]
          .sort(latestTickFirst)
          .slice(0, Math.max(0, limit))
          .map((run) => structuredClone(run)),
      ),
    close: () => Promise.resolve(),
  };
}
