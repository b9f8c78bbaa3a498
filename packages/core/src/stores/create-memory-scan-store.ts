import { hasEvidence, type ScanRecord } from "../domain/scan-record.js";
import type { ScanRetention } from "../ports/scan-retention.js";
import type { RecentScans } from "../ports/recent-scans.js";
import type { ScanStore } from "../ports/scan-store.js";

const ACTIVE = new Set<ScanRecord["status"]>(["queued", "pending", "running", "finalizing"]);
const TERMINAL = new Set<ScanRecord["status"]>(["completed", "completed_limited", "failed", "expired"]);

/**
 * The in-memory ScanStore: for tests and single-process embedding where losing scans on restart is fine.
 * Records are copied in and out, so a caller's later mutation never changes what is stored.
 */
export function createMemoryScanStore(): ScanStore & ScanRetention & RecentScans {
  const records = new Map<string, ScanRecord>();
  const targetOf = new Map<string, string>();
  const copy = (record: ScanRecord | undefined): ScanRecord | null => (record === undefined ? null : structuredClone(record));
  // Reuse and a domain's latest scan offer only results with evidence (no no-go).
  const latest = (candidates: ScanRecord[]) =>
    candidates.filter((record) => hasEvidence(record)).sort((a, b) => (b.completedAt ?? "").localeCompare(a.completedAt ?? ""))[0];
  // Map order is insertion order: with two active scans of one target, the older one is "the" active scan.
  const activeOf = (targetKey: string) =>
    [...records.values()].find((record) => ACTIVE.has(record.status) && targetOf.get(record.scanId) === targetKey);
  // Ended before the cutoff, oldest end first (ISO date-times compare as text, as in the SQLite store).
  const endedBefore = (cutoff: string) =>
    [...records.values()]
      .filter((record) => TERMINAL.has(record.status) && record.completedAt !== null && record.completedAt < cutoff)
      .sort((a, b) => a.completedAt!.localeCompare(b.completedAt!));

  return {
    get: (scanId) => Promise.resolve(copy(records.get(scanId))),
    create(record, { targetKey }) {
      if (records.has(record.scanId)) return Promise.resolve(false);
      records.set(record.scanId, structuredClone(record));
      targetOf.set(record.scanId, targetKey);
      return Promise.resolve(true);
    },
    createIfNoActive(record, { targetKey }) {
      // One synchronous step: nothing can run between the lookup and the insert in this process.
      const stored = records.get(record.scanId);
      if (stored !== undefined) return Promise.resolve({ created: false, active: structuredClone(stored) });
      const active = activeOf(targetKey);
      if (active !== undefined) return Promise.resolve({ created: false, active: structuredClone(active) });
      records.set(record.scanId, structuredClone(record));
      targetOf.set(record.scanId, targetKey);
      return Promise.resolve({ created: true });
    },
    discardPending(scanId) {
      if (records.get(scanId)?.status !== "pending") return Promise.resolve(false);
      records.delete(scanId);
      targetOf.delete(scanId);
      return Promise.resolve(true);
    },
    update(record, { expectedStatus, targetKey }) {
      const current = records.get(record.scanId);
      // A terminal record never changes again, whatever status the caller expected.
      if (current === undefined || current.status !== expectedStatus || TERMINAL.has(current.status)) return Promise.resolve(null);
      records.set(record.scanId, structuredClone(record));
      targetOf.set(record.scanId, targetKey);
      return Promise.resolve(copy(record));
    },
    findActive: (targetKey) => Promise.resolve(copy(activeOf(targetKey))),
    findReusable(targetKey, notBefore) {
      const candidates = [...records.values()].filter(
        (record) => targetOf.get(record.scanId) === targetKey && (record.completedAt ?? "") >= notBefore,
      );
      return Promise.resolve(copy(latest(candidates)));
    },
    latestForDomain(domain, scanFrom) {
      const candidates = [...records.values()].filter(
        (record) => record.domain === domain && (scanFrom === undefined || record.scanFrom === scanFrom),
      );
      return Promise.resolve(copy(latest(candidates)));
    },
    listActive: () =>
      Promise.resolve([...records.values()].filter((record) => ACTIVE.has(record.status)).map((record) => structuredClone(record))),
    listRecentWithEvidence: (limit) =>
      Promise.resolve(
        [...records.values()]
          .filter((record) => hasEvidence(record))
          .sort((a, b) => (b.completedAt ?? "").localeCompare(a.completedAt ?? ""))
          .slice(0, Math.max(0, limit))
          .map((record) => structuredClone(record)),
      ),
    countEndedBefore: (cutoff) => Promise.resolve(endedBefore(cutoff).length),
    purgeEndedBefore(cutoff, { limit }) {
      // The indexes are computed from the records on each read, so deleting the record updates them.
      const purged = endedBefore(cutoff).slice(0, Math.max(0, limit));
      for (const record of purged) {
        records.delete(record.scanId);
        targetOf.delete(record.scanId);
      }
      return Promise.resolve(purged.length);
    },
    close: () => Promise.resolve(),
  };
}
