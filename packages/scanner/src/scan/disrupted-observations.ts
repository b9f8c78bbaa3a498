import { hostOf, toSafeUrl, type ScanObservations } from "@public-scan/core";
import type { Classifier } from "../classify/index.js";
import type { DisruptionCause } from "../visit/scan-disruption.js";

export interface DisruptedObservationsInput {
  url: string;
  cause: DisruptionCause;
  startedAt: Date;
  scanner: { name: string; version: string };
  browserVersion: string | null;
  classifier: Classifier;
}

/**
 * The observations of a scan that a page disrupted (`ScanDisruption`): a no-go with nothing observed. What a
 * broken visit recorded before the disruption is not evidence (the page may have crashed halfway, or flooded
 * the scanner to hide what it does), so none of it is kept; the diagnostics say why, through the collectors'
 * reports.
 */
export function disruptedObservations(input: DisruptedObservationsInput): ScanObservations {
  const host = hostOf(input.url) ?? "";
  return {
    schemaVersion: 1,
    scanner: { ...input.scanner, browserVersion: input.browserVersion?.slice(0, 80) ?? null, data: input.classifier.dataVersions },
    target: { url: toSafeUrl(input.url) ?? input.url, host, registrableDomain: input.classifier.registrableDomainOf(host) },
    startedAt: input.startedAt.toISOString(),
    completedAt: new Date().toISOString(),
    navigation: {
      requestedUrl: toSafeUrl(input.url) ?? input.url,
      finalUrl: null,
      redirects: [],
      httpStatus: null,
      contentType: null,
      timings: { responseMs: null, domContentLoadedMs: null, loadMs: null, networkIdleMs: null },
      reachedNetworkIdle: false,
      pageKind: "disrupted",
      noGoReason: "page_disrupted",
    },
    cookies: [],
    storage: [],
    requests: [],
    frames: [],
    collectors: [{ id: "navigation", phase: "pre_consent", status: "failed", durationMs: null, itemCount: 0, reason: input.cause }],
    truncated: { cookies: 0, storage: 0, requests: 0, frames: 0 },
  };
}
