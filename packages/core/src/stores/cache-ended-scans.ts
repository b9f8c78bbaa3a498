import { LRUCache } from "lru-cache";
import { isTerminalStatus } from "../contract/states.js";
import type { ScanRecord } from "../domain/scan-record.js";
import type { Clock } from "../ports/clock.js";
import type { ScanRetention } from "../ports/scan-retention.js";
import type { ScanStore } from "../ports/scan-store.js";

export interface EndedScanCacheOptions {
  /** Upper bound on what the cached records weigh (their JSON length, in UTF-16 code units). Default 32 MiB. */
  readonly maxBytes?: number;
  /**
   * Days an ended scan is kept (the purge's retention; null keeps them forever): a record ended longer ago
   * is never answered from the cache, so a purge in another process is never contradicted.
   */
  readonly retentionDays?: number | null;
  /**
   * How long an entry is answered before the store is asked again: the longest a deletion this process did
   * not make (another process's purge with a shorter retention, an operator's) goes unseen. Default 10 min.
   */
  readonly ttlMs?: number;
  readonly clock: Clock;
}

const DAY_MS = 86_400_000;
export const ENDED_SCAN_CACHE_DEFAULTS = { maxBytes: 32 * 1024 * 1024, ttlMs: 10 * 60_000 } as const;

/** Freezes a record and everything in it, so every reader can share one copy and none can change it. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * The scan store with an in-process cache of ended scans (completed, completed_limited, failed, expired).
 * An ended record never changes again (the ScanStore rules), so a cached copy is right in every process
 * sharing the store, whatever they write; what can still happen to it is deletion, by retention:
 * - a record past `retentionDays` is dropped at its next read and the store is asked instead;
 * - a purge through this wrapper drops what it deleted; one elsewhere is seen within `ttlMs` at worst.
 * Active records are never cached: they move on in other processes. A record read through the cache is
 * deeply frozen and shared by every reader (the stores hand out fresh copies; nothing may mutate either).
 */
export function cacheEndedScans<S extends ScanStore>(store: S, options: EndedScanCacheOptions): S {
  const maxBytes = options.maxBytes ?? ENDED_SCAN_CACHE_DEFAULTS.maxBytes;
  const ttlMs = options.ttlMs ?? ENDED_SCAN_CACHE_DEFAULTS.ttlMs;
  if (!(Number.isSafeInteger(maxBytes) && maxBytes > 0)) throw new RangeError("maxBytes must be a positive integer");
  if (!(Number.isSafeInteger(ttlMs) && ttlMs > 0)) throw new RangeError("ttlMs must be a positive integer");
  const retentionMs = options.retentionDays == null ? null : options.retentionDays * DAY_MS;
  const now = () => options.clock.now();
  const cache = new LRUCache<string, ScanRecord>({
    maxSize: maxBytes,
    // A record bigger than a tenth of the cache would push out most of it for one scan; it is read from the store.
    maxEntrySize: Math.max(1, Math.floor(maxBytes / 10)),
    sizeCalculation: (record) => Math.max(1, JSON.stringify(record).length),
    ttl: ttlMs,
    // lru-cache reads performance.now() by default; the service's clock lets tests move time. Resolution 0:
    // the default (1 ms) arms a timer on every read to forget a cached "now".
    perf: { now },
    ttlResolution: 0,
  });

  const pastRetention = (record: ScanRecord) =>
    retentionMs !== null && record.completedAt !== null && Date.parse(record.completedAt) < now() - retentionMs;

  const remember = (record: ScanRecord | null): ScanRecord | null => {
    if (record === null || !isTerminalStatus(record.status) || pastRetention(record)) return record;
    const frozen = deepFreeze(record);
    cache.set(record.scanId, frozen);
    return frozen;
  };

  const cached: ScanStore = {
    async get(scanId) {
      const hit = cache.get(scanId);
      if (hit !== undefined) {
        if (!pastRetention(hit)) return hit;
        cache.delete(scanId);
      }
      return remember(await store.get(scanId));
    },
    create: (record, index) => store.create(record, index),
    createIfNoActive: (record, index) => store.createIfNoActive(record, index),
    discardPending: (scanId, index) => store.discardPending(scanId, index),
    // The stored record an update returns is what a poller reads next: a copy of an ended one is cached on
    // the way (the caller keeps the object it was handed, unfrozen: a store may hand back its argument).
    update: async (record, update) => {
      const stored = await store.update(record, update);
      if (stored !== null) remember(structuredClone(stored));
      return stored;
    },
    findActive: (targetKey) => store.findActive(targetKey),
    findReusable: (targetKey, notBefore) => store.findReusable(targetKey, notBefore),
    latestForDomain: (domain, scanFrom) => store.latestForDomain(domain, scanFrom),
    listActive: () => store.listActive(),
    close: async () => {
      cache.clear();
      await store.close();
    },
  };
  const retention = store as Partial<ScanRetention>;
  const purge = retention.purgeEndedBefore;
  const own: Record<PropertyKey, unknown> = {
    ...cached,
    ...(purge === undefined
      ? {}
      : {
          purgeEndedBefore: async (cutoff: string, purgeOptions: { limit: number }) => {
            const deleted = await purge.call(store, cutoff, purgeOptions);
            for (const [scanId, record] of cache.entries())
              if (record.completedAt !== null && record.completedAt < cutoff) cache.delete(scanId);
            return deleted;
          },
        }),
  };
  // The store's other capabilities (retention counts, recent scans, ...) stay reachable, called on the store
  // itself (a class with private fields works too); only the port's methods and the purge are wrapped.
  return new Proxy(store, {
    get(target, property) {
      if (Object.hasOwn(own, property)) return own[property];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    has: (target, property) => Object.hasOwn(own, property) || Reflect.has(target, property),
  });
}
