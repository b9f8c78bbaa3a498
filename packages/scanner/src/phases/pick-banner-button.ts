import { classifyButtonLabel, type ConsentButtonKind } from "../consent/classify-button-label.js";
import { offersConsentChoice, offersNoChoice, toFirstLayerButtons } from "../consent/classify-first-layer.js";
import type { ScannedFrame } from "../consent/to-consent-observation.js";

/** A button of a scanned banner: the frame, the banner's index in that frame and the button's index. */
export interface BannerButton {
  frameKey: string;
  banner: number;
  button: number;
}

export type PickedBannerButton =
  | { found: true; target: BannerButton; kind: ConsentButtonKind }
  | { found: false; reason: "no_banner" | "cmp_not_recognised" | "no_reject_option" | "no_accept_option" | "no_settings_option" };

const CHOICES = new Set<ConsentButtonKind>(["accept", "reject", "settings", "acknowledge"]);

/**
 * The first-layer button a visitor would use to reject or accept, on the consent banner with the most
 * kinds of buttons (the top frame's wins a tie). Reject is a reject button, never "settings": a scanner
 * that guessed its way through a preferences dialog could report a refusal the site never offered.
 * Accept is an accept button, or the banner's "OK" (next to a reject or settings button it is the accept,
 * as the first-layer classification reads it; alone it dismisses a notice). Settings is the button that
 * opens the preferences, for reading them (never for choosing). A banner whose buttons could not be read is
 * no CMP the scanner can drive.
 */
export function pickBannerButton(options: {
  frames: readonly ScannedFrame[];
  action: "reject" | "accept" | "settings";
}): PickedBannerButton {
  let best: { frame: ScannedFrame; index: number; kinds: ConsentButtonKind[]; score: number } | null = null;
  for (const frame of options.frames) {
    for (const [index, banner] of frame.banners.entries()) {
      const kinds = banner.labels.map(classifyButtonLabel);
      if (!banner.consentText && !offersConsentChoice(toFirstLayerButtons(kinds))) continue;
      const score = new Set(kinds.filter((kind) => CHOICES.has(kind))).size;
      if (best === null || score > best.score || (score === best.score && frame.top && !best.frame.top)) {
        best = { frame, index, kinds, score };
      }
    }
  }
  if (best === null) return { found: false, reason: "no_banner" };
  const { frame, index, kinds, score } = best;
  if (score === 0) return { found: false, reason: "cmp_not_recognised" };
  // Accept is the accept button, else the "OK" of the banner: beside a reject or settings button it is that
  // banner's accept (klaro's "That's ok"); alone it dismisses a notice, which is all a visitor can do there.
  const position =
    options.action !== "accept"
      ? kinds.indexOf(options.action)
      : kinds.includes("accept")
        ? kinds.indexOf("accept")
        : kinds.indexOf("acknowledge");
  if (position === -1) return { found: false, reason: `no_${options.action}_option` };
  const acceptsHere = kinds[position] === "acknowledge" && !offersNoChoice(toFirstLayerButtons(kinds));
  return {
    found: true,
    target: { frameKey: frame.frameKey, banner: index, button: position },
    kind: acceptsHere ? "accept" : kinds[position]!,
  };
}

/**
 * Whether a consent banner is still on screen: a notice that speaks of consent or offers accept and
 * reject, or any overlay in the CMP's own frame (klaro's notice never says "cookie"), with a button that accepts, rejects or closes.
 * A floating "cookie settings" button left behind after a choice is not a banner.
 */
export function isBannerVisible(options: { frames: readonly ScannedFrame[]; cmpFrameKey?: string | null }): boolean {
  return options.frames.some((frame) =>
    frame.banners.some(
      (banner) =>
        (banner.consentText ||
          frame.frameKey === options.cmpFrameKey ||
          offersConsentChoice(toFirstLayerButtons(banner.labels.map(classifyButtonLabel)))) &&
        banner.labels.some((label) => ["accept", "reject", "acknowledge"].includes(classifyButtonLabel(label))),
    ),
  );
}
