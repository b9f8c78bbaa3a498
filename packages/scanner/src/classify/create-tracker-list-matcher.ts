import { readFile } from "node:fs/promises";
import { FiltersEngine, Request } from "@ghostery/adblocker";
import type { RequestType } from "@ghostery/adblocker";
import type { ResourceType } from "@public-scan/core";
import { dataUrl } from "./data-url.js";

export interface IsListedTrackerInput {
  /** The request URL; used for matching only, never kept. */
  url: string;
  resourceType: ResourceType;
  /** URL of the document that made the request; decides `$third-party` and `$domain=` options. */
  documentUrl: string;
}

export interface TrackerListMatcher {
  /** The list's `! Version:` header, for scan diagnostics. */
  readonly version: string;
  /** Whether EasyPrivacy lists the request as tracking (a blocking rule matches and no exception does). */
  isListedTracker(input: IsListedTrackerInput): boolean;
}

export interface CreateTrackerListMatcherOptions {
  /** Another copy of the list (a refreshed download); the bundled `data/easyprivacy/easyprivacy.txt` by default. */
  listUrl?: URL;
}

/**
 * Our resource types in the engine's vocabulary (Chrome's webRequest names). `beacon` and `ping` are both
 * `ping` (navigator.sendBeacon and <a ping> reach filters through `$ping`); `eventsource` and `manifest` are
 * what filter lists call `other`.
 */
export const ADBLOCKER_REQUEST_TYPE = {
  document: "main_frame",
  subdocument: "sub_frame",
  stylesheet: "stylesheet",
  script: "script",
  image: "image",
  font: "font",
  media: "media",
  xhr: "xmlhttprequest",
  fetch: "xmlhttprequest",
  beacon: "ping",
  ping: "ping",
  websocket: "websocket",
  eventsource: "other",
  manifest: "other",
  other: "other",
} as const satisfies Record<ResourceType, RequestType>;

/**
 * Network filters only: cosmetic, HTML and CSP rules act on page content, which a scanner that observes (and
 * never blocks) has no use for. Exception rules stay on: they are the list's own verdict that a request is
 * not to be treated as tracking on that site.
 */
const ENGINE_CONFIG = {
  loadNetworkFilters: true,
  loadExceptionFilters: true,
  loadCosmeticFilters: false,
  loadGenericCosmeticsFilters: false,
  loadExtendedSelectors: false,
  loadCSPFilters: false,
  enableHtmlFiltering: false,
  loadPreprocessors: false,
  guessRequestTypeFromUrl: false,
} as const;

const MATCHABLE_PROTOCOLS = new Set(["http:", "https:", "ws:", "wss:"]);

/** Reads and parses the list once (about 0.2 s for EasyPrivacy); matching is then microseconds per request. */
export async function createTrackerListMatcher(options: CreateTrackerListMatcherOptions = {}): Promise<TrackerListMatcher> {
  const text = await readFile(options.listUrl ?? dataUrl("easyprivacy/easyprivacy.txt"), "utf8");
  const version = readListVersion(text);
  const engine = FiltersEngine.parse(text, ENGINE_CONFIG);
  return {
    version,
    isListedTracker(input) {
      const url = URL.parse(input.url);
      if (url === null || !MATCHABLE_PROTOCOLS.has(url.protocol)) return false;
      const request = Request.fromRawDetails({
        url: input.url,
        sourceUrl: input.documentUrl,
        type: ADBLOCKER_REQUEST_TYPE[input.resourceType],
      });
      return engine.match(request).match;
    },
  };
}

/** Checks that the text is an Adblock Plus list and returns its version (`202502102233`). */
function readListVersion(text: string): string {
  if (!text.startsWith("[Adblock Plus")) throw new Error("tracker list: not an Adblock Plus filter list");
  const version = /^! Version: *(\S+) *$/m.exec(text.slice(0, 4096))?.[1];
  if (version === undefined) throw new Error("tracker list: no '! Version:' header");
  return version;
}
