/// <reference lib="dom" />
// DOM types: part of this file runs inside the page.
import { hostOf, type StorageKind, type StorageObservation } from "@public-scan/core";
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
 * Runs in each frame and returns *names* only: storage keys, IndexedDB database names, Cache Storage names
 * and service-worker scope paths. Each part fails alone (sandboxed frames refuse storage access).
 */
async function readFrameStorage(): Promise<FrameStorage> {
  const safe = async <T>(read: () => T | Promise<T>, fallback: T): Promise<T> => {
    try {
      return await read();
    } catch {
      return fallback;
    }
  };
  const keys = (storage: Storage) => Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? "").filter(Boolean);
  return {
    local: await safe(() => keys(localStorage), []),
    session: await safe(() => keys(sessionStorage), []),
    indexedDb: await safe(async () => (await indexedDB.databases()).map((database) => database.name ?? "").filter(Boolean), []),
    caches: await safe(() => caches.keys(), []),
    // Only the first path segment of a scope: longer paths can carry identifiers.
    serviceWorkers: await safe(
      async () =>
        (await navigator.serviceWorker.getRegistrations()).map(
          (registration) => `/${new URL(registration.scope).pathname.split("/")[1] ?? ""}`,
        ),
      [],
    ),
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
          storage: await frame.evaluate(readFrameStorage).catch(() => null),
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
