import type { Classifier } from "../classify/index.js";
import type { Collector, CollectorOutcomes } from "../collectors/collector.js";
import { createCookieCollector } from "../collectors/cookie-collector.js";
import { createFrameCollector } from "../collectors/frame-collector.js";
import { createRequestCollector } from "../collectors/request-collector.js";
import { createStorageCollector } from "../collectors/storage-collector.js";
import { createConsentCollector } from "../consent/consent-collector.js";

/**
 * The ids of the collectors registered for the scan's own visit, in the order they collect and report. Each
 * id is also the collector's name in the set (the scan reads an outcome by name, a report by id) and, in
 * camelCase, its field of the observations. `collector-recipe.test.ts` checks the steps of docs/scanner.md's
 * "Adding a collector" that code can check for each id of this list.
 */
export const PRE_CONSENT_COLLECTOR_IDS = ["requests", "cookies", "storage", "frames", "consent"] as const;
export type PreConsentCollectorId = (typeof PRE_CONSENT_COLLECTOR_IDS)[number];

/**
 * The collectors registered for the scan's own visit, in the order they collect and report. (The
 * transport collector attaches too, but collects with the Node-side probe: `collectTransport`.)
 */
export function createPreConsentCollectors(options: { classifier: Classifier; siteUrl: () => string }) {
  // `satisfies`: a collector missing from PRE_CONSENT_COLLECTOR_IDS, or an id with no collector, is a type error.
  return {
    requests: createRequestCollector(options),
    cookies: createCookieCollector(),
    storage: createStorageCollector(),
    frames: createFrameCollector(),
    consent: createConsentCollector(),
  } satisfies Record<PreConsentCollectorId, Collector<unknown>>;
}

export type PreConsentCollectors = ReturnType<typeof createPreConsentCollectors>;
export type PreConsentOutcomes = CollectorOutcomes<PreConsentCollectors>;
