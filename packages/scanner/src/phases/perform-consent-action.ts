import type { ConsentAction } from "@public-scan/core";
import type { ConsentBannerHandle } from "../consent/consent-collector.js";
import { sleep } from "../timing/sleep.js";
import { isBannerVisible, pickBannerButton } from "./pick-banner-button.js";

export interface PerformConsentActionOptions {
  banner: ConsentBannerHandle;
  action: "reject" | "accept";
  /** Longest wait for autoconsent's answer, and again for the banner to go away. */
  timeoutMs: number;
}

const POLL_MS = 150;

/**
 * Uses the banner's reject or accept option the way a visitor would, and says what happened. A CMP
 * autoconsent recognised (its popup was seen) is driven by autoconsent's rule (`optOut`/`optIn`), whose
 * own result and, for opt-out where the rule has one, its self-test are reported; any other banner by its
 * first-layer button, found by label. Either way the action counts only when the banner then goes away.
 * Nothing is guessed: no reject button and no rule means `no_reject_option`.
 */
export async function performConsentAction(options: PerformConsentActionOptions): Promise<ConsentAction> {
  const { banner, action, timeoutMs } = options;
  const popup = banner.popup();
  if (popup !== null) {
    const answer = await banner.ask({ frameKey: popup.frameKey, command: action === "reject" ? "optOut" : "optIn", timeoutMs });
    if (answer === null) return { outcome: "failed", method: "autoconsent", verified: null, reason: "action_timeout" };
    if (answer.result !== true) return { outcome: "failed", method: "autoconsent", verified: null, reason: "click_failed" };
    const gone = await waitUntilGone({ banner, cmpFrameKey: popup.frameKey, timeoutMs });
    let verified: boolean | null = null;
    if (answer.scheduleSelfTest === true) {
      const test = await banner.ask({ frameKey: popup.frameKey, command: "selfTest", timeoutMs });
      verified = test === null ? null : test.result === true;
    }
    if (gone !== true) {
      return {
        outcome: "failed",
        method: "autoconsent",
        verified,
        reason: gone === "unknown" ? "banner_state_unknown" : "banner_still_visible",
      };
    }
    if (verified === false) return { outcome: "failed", method: "autoconsent", verified, reason: "self_test_failed" };
    return { outcome: "succeeded", method: "autoconsent", verified, reason: null };
  }

  const frames = await banner.scan();
  if (frames === null) return { outcome: "failed", method: null, verified: null, reason: "banner_state_unknown" };
  const picked = pickBannerButton({ frames, action });
  if (!picked.found) {
    // No banner to act on is "not attempted"; a banner without the option is a failure of the site's.
    if (picked.reason === "no_banner") return { outcome: "not_attempted", method: null, verified: null, reason: "no_banner" };
    return {
      outcome: "failed",
      method: picked.reason === "cmp_not_recognised" ? null : "heuristic",
      verified: null,
      reason: picked.reason,
    };
  }
  if (!(await banner.click(picked.target))) return { outcome: "failed", method: "heuristic", verified: null, reason: "click_failed" };
  const gone = await waitUntilGone({ banner, cmpFrameKey: null, timeoutMs });
  if (gone !== true)
    return {
      outcome: "failed",
      method: "heuristic",
      verified: null,
      reason: gone === "unknown" ? "banner_state_unknown" : "banner_still_visible",
    };
  return { outcome: "succeeded", method: "heuristic", verified: null, reason: null };
}

/**
 * Waits for the banner to go. A CMP animates its banner out; the scan sees it as gone once it is hidden or
 * removed. A page whose top frame cannot be read (busy, reloading) proves nothing: "unknown", never "gone".
 */
async function waitUntilGone(options: {
  banner: ConsentBannerHandle;
  cmpFrameKey: string | null;
  timeoutMs: number;
}): Promise<true | "still_visible" | "unknown"> {
  const until = Date.now() + options.timeoutMs;
  let readable = false;
  for (;;) {
    const frames = await options.banner.scan();
    if (frames !== null) {
      readable = true;
      if (!isBannerVisible({ frames, cmpFrameKey: options.cmpFrameKey })) return true;
    }
    if (Date.now() >= until) return readable ? "still_visible" : "unknown";
    await sleep(POLL_MS);
  }
}
