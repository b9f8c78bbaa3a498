import { createMemoryScanStore, type AuditEvent, type ScanRecord } from "@public-scan/core";
import { createMemoryAuditLog } from "@public-scan/core/testing";
import { describe, expect, it } from "vitest";
import {
  RETENTION_AUDIT_LOG_CASES,
  RETENTION_SCAN_STORE_CASES,
  type AuditRetentionCaseName,
  type RetainingAuditLog,
  type RetainingScanStore,
  type ScanRetentionCaseName,
} from "../src/testing/index.js";

/** The flaws a hand-rolled scan purge typically has; each broken store below has exactly one. */
interface ScanFlaws {
  /** Also deletes active scans created before the cutoff (a purge by age, whatever the status). */
  purgesActive?: boolean;
  ignoresLimit?: boolean;
  /** Deletes the records but leaves them in the domain-latest index. */
  leavesIndexes?: boolean;
  /** Counts the scans that ended at the cutoff too. */
  inclusiveCutoff?: boolean;
}

/** The memory store with one flaw in its retention; records it "deleted" by a flaw are hidden from reads. */
function brokenScanStore(flaws: ScanFlaws): RetainingScanStore {
  const store = createMemoryScanStore();
  const written = new Map<string, ScanRecord>();
  const hidden = new Set<string>();
  const stale: ScanRecord[] = [];
  const remember = (record: ScanRecord) => void written.set(record.scanId, record);
  const visible = (record: ScanRecord | null) => (record !== null && hidden.has(record.scanId) ? null : record);
  return {
    ...store,
    async create(record, index) {
      const created = await store.create(record, index);
      if (created) remember(record);
      return created;
    },
    async update(record, options) {
      const updated = await store.update(record, options);
      if (updated !== null) remember(updated);
      return updated;
    },
    get: async (scanId) => visible(await store.get(scanId)),
    findActive: async (targetKey) => visible(await store.findActive(targetKey)),
    listActive: async () => (await store.listActive()).filter((record) => !hidden.has(record.scanId)),
    async latestForDomain(domain, scanFrom) {
      const latest = await store.latestForDomain(domain, scanFrom);
      const ghost = stale.find((record) => record.domain === domain && (scanFrom === undefined || record.scanFrom === scanFrom));
      return latest ?? ghost ?? null;
    },
    countEndedBefore: (cutoff) => store.countEndedBefore(flaws.inclusiveCutoff ? new Date(Date.parse(cutoff) + 1).toISOString() : cutoff),
    async purgeEndedBefore(cutoff, { limit }) {
      if (flaws.purgesActive)
        for (const record of written.values()) if (record.completedAt === null && record.createdAt < cutoff) hidden.add(record.scanId);
      const before = [...written.values()].filter((record) => record.completedAt !== null && record.completedAt < cutoff);
      const count = await store.purgeEndedBefore(cutoff, { limit: flaws.ignoresLimit ? Number.MAX_SAFE_INTEGER : limit });
      if (flaws.leavesIndexes) for (const record of before) if ((await store.get(record.scanId)) === null) stale.push(record);
      return count;
    },
  };
}

/** The flaws a hand-rolled audit purge typically has. */
interface AuditFlaws {
  /** Deletes the newest events before the cutoff first. */
  newestFirst?: boolean;
  ignoresLimit?: boolean;
  /** Deletes the event at the cutoff too. */
  inclusiveCutoff?: boolean;
}

function brokenAuditLog(flaws: AuditFlaws): RetainingAuditLog {
  let events: AuditEvent[] = [];
  const before = (cutoff: string) => events.filter((event) => (flaws.inclusiveCutoff ? event.at <= cutoff : event.at < cutoff));
  return {
    append: (event) => Promise.resolve(void events.push({ ...event })),
    list: (options) =>
      Promise.resolve(
        events
          .slice(-(options?.limit ?? 100))
          .reverse()
          .map((event) => ({ ...event })),
      ),
    countBefore: (cutoff) => Promise.resolve(before(cutoff).length),
    purgeBefore(cutoff, { limit }) {
      const candidates = flaws.newestFirst ? before(cutoff).reverse() : before(cutoff);
      const victims = new Set(candidates.slice(0, flaws.ignoresLimit ? undefined : limit));
      events = events.filter((event) => !victims.has(event));
      return Promise.resolve(victims.size);
    },
  };
}

const SCAN_CAUGHT: [bug: string, caseName: ScanRetentionCaseName, flaws: ScanFlaws][] = [
  ["a purge of active scans", "never purges an active scan, however old", { purgesActive: true }],
  ["an ignored limit", "purges in batches of at most limit, oldest end first", { ignoresLimit: true }],
  [
    "stale index entries",
    "keeps the reuse and domain-latest indexes true: a purged scan is never offered, an older kept one is",
    { leavesIndexes: true },
  ],
  [
    "an inclusive cutoff",
    "purges scans of every terminal status that ended before the cutoff, and counts them first",
    { inclusiveCutoff: true },
  ],
];

const AUDIT_CAUGHT: [bug: string, caseName: AuditRetentionCaseName, flaws: AuditFlaws][] = [
  ["newest-first deletion", "purges in batches of at most limit, oldest first", { newestFirst: true }],
  ["an ignored limit", "purges in batches of at most limit, oldest first", { ignoresLimit: true }],
  ["an inclusive cutoff", "purges the events before the cutoff, counts them first, and keeps the rest in order", { inclusiveCutoff: true }],
];

describe("the retention conformance suites", () => {
  it.each(SCAN_CAUGHT)("catch %s in the scan case %s", async (_bug, caseName, flaws) => {
    const run = (store: RetainingScanStore) => RETENTION_SCAN_STORE_CASES[caseName]({ store, peer: () => Promise.resolve(store) });
    await expect(run(brokenScanStore(flaws))).rejects.toThrow();
    await expect(run(brokenScanStore({}))).resolves.toBeUndefined();
    await expect(run(createMemoryScanStore())).resolves.toBeUndefined();
  });

  it.each(AUDIT_CAUGHT)("catch %s in the audit case %s", async (_bug, caseName, flaws) => {
    const run = (log: RetainingAuditLog) => RETENTION_AUDIT_LOG_CASES[caseName]({ log, peer: () => Promise.resolve(log) });
    await expect(run(brokenAuditLog(flaws))).rejects.toThrow();
    await expect(run(brokenAuditLog({}))).resolves.toBeUndefined();
    await expect(run(createMemoryAuditLog())).resolves.toBeUndefined();
  });
});
