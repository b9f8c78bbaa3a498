/// <reference lib="dom" />
// DOM types: part of this file runs inside the page.
import { hostOf, OBSERVATION_LIMITS, type StorageKind, type StorageObservation } from "@public-scan/core";
import type { Frame } from "puppeteer-core";
import type { Collector } from "./collector.js";

interface FrameStorage {
  local: string[];
  session: string[];
  indexedDb: string[];
  caches: string[];
  serviceWorkers: string[];
}

/**
 * Names read per kind and frame at most: one past the observations' bound, so a frame with more still
 * marks the list as truncated. A page fills its storage as it likes (a 5 MB quota holds hundreds of
 * thousands of short keys), and in its own world it can fake any number of them.
 */
export const NAMES_PER_FRAME_LIMIT = OBSERVATION_LIMITS.storage + 1;

/**
 * Runs in each frame and returns *names* only, at most `limit` of each kind: storage keys, IndexedDB
 * database names, Cache Storage names and service-worker scope paths. Each part fails alone (sandboxed
 * frames refuse storage access). It runs in the frame's own world, where the page can replace any function
 * it calls, so `toFrameStorage` checks and bounds its answer again before anything is classified.
 */
async function readFrameStorage(limit: number): Promise<FrameStorage> {
  const safe = async <T>(read: () => T | Promise<T>, fallback: T): Promise<T> => {
    try {
      return await read();
    } catch {
      return fallback;
    }
  };
  const keys = (storage: Storage) =>
    Array.from({ length: Math.min(storage.length, limit) }, (_, index) => storage.key(index) ?? "").filter(Boolean);
  const first = <T>(list: readonly T[]) => list.slice(0, limit);
  return {
    local: await safe(() => keys(localStorage), []),
    session: await safe(() => keys(sessionStorage), []),
    indexedDb: await safe(
      async () =>
        first(await indexedDB.databases())
          .map((database) => database.name ?? "")
          .filter(Boolean),
      [],
    ),
    caches: await safe(async () => first(await caches.keys()), []),
    // Only the first path segment of a scope: longer paths can carry identifiers.
    serviceWorkers: await safe(
      async () =>
        first(await navigator.serviceWorker.getRegistrations()).map(
          (registration) => `/${new URL(registration.scope).pathname.split("/")[1] ?? ""}`,
        ),
      [],
    ),
  };
}

/** The reader's answer as this process may use it: five lists of at most `NAMES_PER_FRAME_LIMIT` short strings. */
export function toFrameStorage(value: unknown): FrameStorage | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  const names = (list: unknown) =>
    Array.isArray(list)
      ? list
          .slice(0, NAMES_PER_FRAME_LIMIT)
          .filter((name): name is string => typeof name === "string" && name.length > 0 && name.length <= 1024)
      : [];
  return {
    local: names(record.local),
    session: names(record.session),
    indexedDb: names(record.indexedDb),
    caches: names(record.caches),
    serviceWorkers: names(record.serviceWorkers),
  };
}

/**
 * localStorage and sessionStorage keys per origin (third-party iframes included), IndexedDB database names,
 * Cache Storage caches and service workers. Never a stored value.
 */
export function createStorageCollector(): Collector<StorageObservation[]> {
  return {
    id: "storage",
    budgetMs: 3000,
    async collect(context) {
      const siteHost = context.siteHost();
      const seen = new Set<string>();
      const observations: StorageObservation[] = [];
      const add = (kind: StorageKind, originHost: string, name: string) => {
        const key = `${kind}|${originHost}|${name}`;
        if (seen.has(key) || name.length === 0) return;
        // Classified only up to one past the observations' bound: that one marks the list as truncated.
        if (observations.length > OBSERVATION_LIMITS.storage) return;
        seen.add(key);
        observations.push({
          kind,
          originHost,
          name: name.slice(0, 256),
          party: context.classifier.partyOf({ host: originHost, siteHost }),
          phase: context.phase,
          classification: context.classifier.classifyStorageKey({ name, originHost }),
        });
      };
      const frames = context.page.frames().filter((frame) => frame.url().startsWith("http"));
      const results = await Promise.all(
        frames.map(async (frame: Frame) => ({
          host: hostOf(frame.url()),
          storage: toFrameStorage(await frame.evaluate(readFrameStorage, NAMES_PER_FRAME_LIMIT).catch(() => null)),
        })),
      );
      for (const { host, storage } of results) {
        if (host === null || storage === null) continue;
        for (const name of storage.local) add("local_storage", host, name);
        for (const name of storage.session) add("session_storage", host, name);
        for (const name of storage.indexedDb) add("indexed_db", host, name);
        for (const name of storage.caches) add("cache_storage", host, name);
        for (const name of storage.serviceWorkers) add("service_worker", host, name);
      }
      return observations;
    },
    count: (result) => result.length,
  };
}
