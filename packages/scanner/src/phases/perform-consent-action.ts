import type { ConsentAction } from "@public-scan/core";
import type { ConsentBannerHandle } from "../consent/consent-collector.js";
import { classifyButtonLabel, type ConsentButtonKind } from "../consent/classify-button-label.js";
import { offersNoChoice, toFirstLayerButtons } from "../consent/classify-first-layer.js";
import { sleep } from "../timing/sleep.js";
import type { RawChoiceToggle } from "../consent/choice-toggles-script.js";
import type { ScannedFrame } from "../consent/to-consent-observation.js";
import { isBannerVisible, pickBannerButton } from "./pick-banner-button.js";

export interface PerformConsentActionOptions {
  banner: ConsentBannerHandle;
  action: "reject" | "accept";
  /** Longest wait for autoconsent's answer, and again for the banner to go away. */
  timeoutMs: number;
}

/** The action as reported, and the kinds of what it clicked, in order (null when they could not be read). */
export interface PerformedConsentAction {
  action: ConsentAction;
  clicks: ConsentButtonKind[] | null;
  /** For reject: the choice toggles the visitor was shown on the way, as they were before any click changed them; null when none were seen. */
  toggles?: ChoiceToggleReading | null;
}

/**
 * Choice toggles and when they were read: at the first click of the reject that saw any (`rejecting`), or
 * with the preferences opened only to read them, after a first layer without reject (`opening_settings`).
 */
export interface ChoiceToggleReading {
  seenWhile: "rejecting" | "opening_settings";
  toggles: RawChoiceToggle[];
}

/** Longest wait for a preferences layer to show its toggles once opened for reading. */
const SETTINGS_WAIT_MS = 3000;

const POLL_MS = 150;

/**
 * Uses the banner's reject or accept option the way a visitor would, and says what happened. A CMP
 * autoconsent recognised (its popup was seen) is driven by autoconsent's rule (`optOut`/`optIn`), whose
 * own result and, for opt-out where the rule has one, its self-test are reported; any other banner by its
 * first-layer button, found by label. Either way the action counts only when the banner then goes away.
 * Nothing is guessed: no reject button and no rule means `no_reject_option`, and so does a notice whose
 * only answer is "OK", whatever drove it.
 */
export async function performConsentAction(options: PerformConsentActionOptions): Promise<PerformedConsentAction> {
  const { banner, action, timeoutMs } = options;
  const popup = banner.popup();
  if (popup !== null) return byAutoconsent(options, popup.frameKey, popup.cmp);

  const frames = await banner.scan();
  if (frames === null) return unclicked({ outcome: "failed", method: null, verified: null, reason: "banner_state_unknown" });
  const picked = pickBannerButton({ frames, action });
  if (!picked.found) {
    // No banner to act on is "not attempted"; a banner without the option is a failure of the site's.
    if (picked.reason === "no_banner") return unclicked({ outcome: "not_attempted", method: null, verified: null, reason: "no_banner" });
    const failed = unclicked({
      outcome: "failed",
      method: picked.reason === "cmp_not_recognised" ? null : "heuristic",
      verified: null,
      reason: picked.reason,
    });
    if (picked.reason !== "no_reject_option") return failed;
    return { ...failed, toggles: await readSettingsToggles({ banner, frames, timeoutMs }) };
  }
  const clicks = [picked.kind];
  const logging = action === "reject" && (await banner.clickLog({ frameKey: picked.target.frameKey, action: "start" })) !== null;
  const clicked = await banner.click(picked.target);
  const toggles = logging ? toReading((await banner.clickLog({ frameKey: picked.target.frameKey, action: "read" }))?.toggles) : null;
  if (!clicked) return { action: { outcome: "failed", method: "heuristic", verified: null, reason: "click_failed" }, clicks, toggles };
  const gone = await waitUntilGone({ banner, cmpFrameKey: null, timeoutMs });
  if (gone !== true) {
    const reason = gone === "unknown" ? "banner_state_unknown" : "banner_still_visible";
    return { action: { outcome: "failed", method: "heuristic", verified: null, reason }, clicks, toggles };
  }
  return {
    action: {
      outcome: "succeeded",
      method: "heuristic",
      verified: null,
      reason: picked.kind === "acknowledge" ? "notice_dismissed" : null,
    },
    clicks,
    toggles,
  };
}

const toReading = (toggles: RawChoiceToggle[] | null | undefined): ChoiceToggleReading | null =>
  toggles === null || toggles === undefined || toggles.length === 0 ? null : { seenWhile: "rejecting", toggles };

/**
 * A first layer without reject: the scan will not refuse through the preferences it cannot vouch for, but it
 * opens them to read which purposes they show switched on. The reject has failed by then, so the click
 * changes no evidence; the layer gets a short wait to show its toggles. Null without a settings button or
 * toggles.
 */
async function readSettingsToggles(options: {
  banner: ConsentBannerHandle;
  frames: ScannedFrame[];
  timeoutMs: number;
}): Promise<ChoiceToggleReading | null> {
  const settings = pickBannerButton({ frames: options.frames, action: "settings" });
  if (!settings.found || !(await options.banner.click(settings.target))) return null;
  const until = Date.now() + Math.min(options.timeoutMs, SETTINGS_WAIT_MS);
  for (;;) {
    const toggles = await options.banner.toggles(settings.target.frameKey);
    if (toggles !== null && toggles.length > 0) return { seenWhile: "opening_settings", toggles };
    if (Date.now() >= until) return null;
    await sleep(POLL_MS);
  }
}

/**
 * autoconsent's rule drives the action; the clicks it made in the CMP's frame say what it really did. A
 * rule that only dismissed a notice (every click an "OK"), or hid it (a cosmetic rule that clicked
 * nothing), did not reject anything: there is no reject option. The same dismissal as accept is reported
 * as such (`notice_dismissed`).
 */
async function byAutoconsent(options: PerformConsentActionOptions, frameKey: string, cmp: string): Promise<PerformedConsentAction> {
  const { banner, action, timeoutMs } = options;
  // An "OK" beside a reject or settings button is that banner's accept (klaro's "That's ok"), not a notice.
  const offersChoice = (await banner.scan())?.some(
    (frame) =>
      frame.frameKey === frameKey &&
      frame.banners.some((candidate) => !offersNoChoice(toFirstLayerButtons(candidate.labels.map(classifyButtonLabel)))),
  );
  const logging = (await banner.clickLog({ frameKey, action: "start" })) !== null;
  const answer = await banner.ask({ frameKey, command: action === "reject" ? "optOut" : "optIn", timeoutMs });
  const read = logging ? await banner.clickLog({ frameKey, action: "read" }) : null;
  const clicks = read === null ? null : read.clicks.map(classifyButtonLabel);
  const toggles = action === "reject" ? toReading(read?.toggles) : null;
  const failed = (reason: string, verified: boolean | null = null): PerformedConsentAction => ({
    action: { outcome: "failed", method: "autoconsent", verified, reason },
    clicks,
    toggles,
  });
  if (answer === null) return failed("action_timeout");
  if (answer.result !== true) return failed("click_failed");
  const gone = await waitUntilGone({ banner, cmpFrameKey: frameKey, timeoutMs });
  let verified: boolean | null = null;
  if (answer.scheduleSelfTest === true) {
    const test = await banner.ask({ frameKey, command: "selfTest", timeoutMs });
    verified = test === null ? null : test.result === true;
  }
  if (gone !== true) return failed(gone === "unknown" ? "banner_state_unknown" : "banner_still_visible", verified);
  const onlyDismissed = offersChoice === false && clicks !== null && clicks.every((kind) => kind === "acknowledge");
  const dismissedNotice = onlyDismissed && (clicks.length > 0 || (await banner.isCosmetic(cmp)));
  if (action === "reject" && dismissedNotice) return failed("no_reject_option", verified);
  if (verified === false) return failed("self_test_failed", verified);
  return {
    action: { outcome: "succeeded", method: "autoconsent", verified, reason: dismissedNotice ? "notice_dismissed" : null },
    clicks,
    toggles,
  };
}

const unclicked = (action: ConsentAction): PerformedConsentAction => ({ action, clicks: [] });

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
