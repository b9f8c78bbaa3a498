import type { Classifier } from "../classify/index.js";
import type { CollectorOutcomes } from "../collectors/collector.js";
import { createCookieCollector } from "../collectors/cookie-collector.js";
import { createFrameCollector } from "../collectors/frame-collector.js";
import { createRequestCollector } from "../collectors/request-collector.js";
import { createStorageCollector } from "../collectors/storage-collector.js";
import { createConsentCollector } from "../consent/consent-collector.js";

/**
 * The collectors registered for the scan's own visit, in the order they collect and report. (The
 * transport collector attaches too, but collects with the Node-side probe: `collectTransport`.)
 */
export function createPreConsentCollectors(options: { classifier: Classifier; siteUrl: () => string }) {
  return {
    requests: createRequestCollector(options),
    cookies: createCookieCollector(),
    storage: createStorageCollector(),
    frames: createFrameCollector(),
    consent: createConsentCollector(),
  };
}

export type PreConsentCollectors = ReturnType<typeof createPreConsentCollectors>;
export type PreConsentOutcomes = CollectorOutcomes<PreConsentCollectors>;
