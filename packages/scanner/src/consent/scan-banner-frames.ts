import { TIMED_OUT, withTimeout } from "../timing/with-timeout.js";
import { bannerScanScript, type BannerScanResult } from "./banner-scan-script.js";
import { toBannerLayout, toPageLayout } from "./to-banner-layout.js";
import type { ConsentFrames, TrackedTarget } from "./consent-frames.js";
import type { ConsentFindings, ScannedFrame } from "./to-consent-observation.js";

export interface ScanBannerFramesOptions {
  /** Longest wait for one frame's banner scan. */
  timeoutMs: number;
  /** Keep each banner's buttons in the isolated world, for a later click. */
  keep: boolean;
  /** Measure each banner's box and its buttons' looks, and the page's viewport (the snapshot's scan). */
  measure?: boolean;
}

/**
 * The scanner's banner scan in the isolated world of every frame (shadow roots included): the first
 * layer's button labels of each banner, bounded. The step fails when the top frame could not be read.
 */
export async function scanBannerFrames(frames: ConsentFrames, options: ScanBannerFramesOptions): Promise<ConsentFindings["bannerScan"]> {
  const jobs = frames.targets.flatMap((tracked) =>
    [...tracked.contexts].flatMap(([contextId, context]) =>
      context.isolated
        ? [
            scanFrame({
              tracked,
              contextId,
              frameId: context.frameId,
              keepButtonsAs: options.keep ? frames.names.buttons : null,
              ...options,
            }),
          ]
        : [],
    ),
  );
  const results = await Promise.all(jobs);
  const scanned = results.filter((frame): frame is ScannedFrame => frame !== null);
  if (scanned.some((frame) => frame.top)) return { status: "ok", reason: null, frames: scanned };
  const timedOut = results.some((frame) => frame === null) && jobs.length > 0;
  return { status: "failed", reason: timedOut ? "main_frame_scan_failed" : "main_frame_not_reached", frames: scanned };
}

async function scanFrame(options: {
  tracked: TrackedTarget;
  contextId: number;
  frameId: string;
  timeoutMs: number;
  keepButtonsAs: string | null;
  measure?: boolean;
}): Promise<ScannedFrame | null> {
  const evaluation = options.tracked.session.send("Runtime.evaluate", {
    expression: bannerScanScript({
      ...(options.keepButtonsAs === null ? {} : { keepButtonsAs: options.keepButtonsAs }),
      measure: options.measure === true,
    }),
    contextId: options.contextId,
    returnByValue: true,
    timeout: options.timeoutMs,
  });
  const answer = await withTimeout(evaluation, { ms: options.timeoutMs + 250 }).catch(() => null);
  if (answer === null || answer === TIMED_OUT || answer.exceptionDetails) return null;
  const value = answer.result.value as BannerScanResult | undefined;
  if (!value || !Array.isArray(value.banners)) return null;
  const page = options.measure === true ? toPageLayout(value.page) : null;
  return {
    frameKey: `${options.tracked.key}:${options.frameId}`,
    top: value.top === true,
    library: typeof value.library === "string" ? value.library.slice(0, 80) : null,
    banners: value.banners.slice(0, 8).map((banner) => {
      const labels = Array.isArray(banner.labels)
        ? banner.labels.filter((label): label is string => typeof label === "string").slice(0, 25)
        : [];
      const layout = options.measure === true ? toBannerLayout(banner.layout) : null;
      return {
        inShadowDom: banner.inShadowDom === true,
        consentText: banner.consentText === true,
        labels,
        // A layout is used only when it has a look for each label, in the same order.
        ...(layout !== null && layout.looks.length === labels.length ? { layout } : {}),
      };
    }),
    ...(page === null ? {} : { page }),
  };
}
