import type { TcfVendorList } from "./load-tcf-vendor-list.js";
import type { Classification, Party, ResourceType } from "@public-scan/core";

export interface ClassifyRequestInput {
  /** Full request URL: read to match filter rules, never returned or kept. */
  url: string;
  resourceType: ResourceType;
  /** URL of the document that made the request: read, never returned or kept. */
  documentUrl: string;
}

export interface ClassifyRequestResult {
  /** Whether EasyPrivacy lists the request as tracking. */
  trackerListed: boolean;
  classification: Classification;
}

export interface ClassifyCookieInput {
  name: string;
  /** Cookie domain, with or without the leading dot. */
  domain: string;
}

export interface ClassifyStorageKeyInput {
  name: string;
  /** Host of the storage origin. */
  originHost: string;
}

/** Versions of the data behind the answers, for scan diagnostics. */
export interface ClassifierDataVersions extends Record<string, string> {
  /** EasyPrivacy's `! Version:` header, e.g. `202502102233`. */
  easyprivacy: string;
  /** Open Cookie Database snapshot commit, abbreviated to 7 characters. */
  openCookieDatabase: string;
  /** `docs.version` of the tracker catalogue. */
  trackerCatalogue: string;
}

/**
 * Says what a request, cookie or storage key is: vendor, purpose, catalogue category and which sources said
 * so. Inputs may hold full URLs; answers hold host-level facts only, so nothing from a path or query string
 * can leak into an observation. A licensed data set (Ghostery TrackerDB, DuckDuckGo Tracker Radar) can stand
 * behind the same interface.
 */
export interface Classifier {
  classifyRequest(input: ClassifyRequestInput): ClassifyRequestResult;
  classifyCookie(input: ClassifyCookieInput): Classification;
  classifyStorageKey(input: ClassifyStorageKeyInput): Classification;
  partyOf(input: { host: string; siteHost: string }): Party;
  registrableDomainOf(host: string): string | null;
  readonly dataVersions: ClassifierDataVersions;
  /** The IAB Global Vendor List the operator supplied, to name the vendors of TC strings; absent or null without one. */
  readonly tcfVendorList?: TcfVendorList | null;
}
