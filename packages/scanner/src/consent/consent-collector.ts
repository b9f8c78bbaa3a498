import type { ConsentObservation } from "@public-scan/core";
import type { Collector } from "../collectors/collector.js";
import { createConsentFrames } from "./consent-frames.js";
import { probeConsentApis } from "./probe-consent-apis.js";
import { createBannerHandle, type ConsentBannerHandle } from "./create-banner-handle.js";
import { scanBannerFrames } from "./scan-banner-frames.js";
import { toConsentObservation } from "./to-consent-observation.js";

export type { ConsentBannerHandle } from "./create-banner-handle.js";

export interface ConsentCollectorOptions {
  /** Longest wait for one frame's banner scan. */
  frameScanTimeoutMs?: number;
  /** Longest wait for `__tcfapi('getTCData')` to call back. */
  tcfTimeoutMs?: number;
  /**
   * For a visit that will accept: autoconsent gets the full rule of this CMP (the compact rules have no
   * opt-in steps) and no compact rules. `null`: no rule, only autoconsent's built-in CMPs. Absent: the
   * compact rules for each frame's URL (detection and opt-out).
   */
  optInCmp?: string | null;
}

/** The consent collector, plus what the consent phases need to act on the banner after the snapshot. */
export interface ConsentCollector extends Collector<ConsentObservation> {
  readonly banner: ConsentBannerHandle;
}

/**
 * The consent banner before consent, passively. autoconsent runs in an isolated world of every frame with
 * no automatic action (`createConsentFrames`). At collection, the scanner's banner scan reads the first
 * layer's buttons in every frame (shadow roots included) and finds banners of unknown CMPs, and the top
 * frame is probed for the IAB TCF, GPP and USP APIs. Nothing is clicked, scrolled or typed.
 */
export function createConsentCollector(options: ConsentCollectorOptions = {}): ConsentCollector {
  const frameScanTimeoutMs = options.frameScanTimeoutMs ?? 1500;
  const frames = createConsentFrames({ optInCmp: options.optInCmp });
  return {
    id: "consent",
    budgetMs: 5000,
    banner: createBannerHandle(frames, { frameScanTimeoutMs }),
    attach: (target) => frames.attach(target),
    async collect(context) {
      const [bannerScan, apiProbe] = await Promise.all([
        scanBannerFrames(frames, { timeoutMs: frameScanTimeoutMs, keep: false, measure: true }),
        probeConsentApis(context.page, options.tcfTimeoutMs ?? 1000),
      ]);
      return toConsentObservation({
        autoconsent: frames.autoconsentStep(),
        bannerScan,
        apiProbe,
        tcfVendorList: context.classifier.tcfVendorList ?? null,
      });
    },
    count: (result) => (result.bannerVisible || result.cmp !== null ? 1 : 0),
  };
}
