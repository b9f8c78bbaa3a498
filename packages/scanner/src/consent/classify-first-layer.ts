import type { ConsentClassification, ConsentObservation } from "@public-scan/core";

export type FirstLayerButtons = NonNullable<ConsentObservation["firstLayer"]>;

/**
 * Names what a banner's first layer offers. An "OK" next to a reject or a settings button is the accept
 * of that banner (klaro's "That's ok", many "OK / Settings" notices); alone, an "OK" only acknowledges.
 * A banner whose buttons could not be read is `undetermined`, never "no choice".
 */
export function classifyFirstLayer(options: { bannerVisible: boolean; buttons: FirstLayerButtons | null }): ConsentClassification {
  if (!options.bannerVisible) return "no_banner_detected";
  const buttons = options.buttons;
  if (buttons === null) return "undetermined";
  const accept = buttons.accept || (buttons.acknowledge && (buttons.reject || buttons.settings));
  if (accept && buttons.reject) return "accept_and_reject_first_layer";
  if (accept && buttons.settings) return "reject_behind_settings";
  if (accept) return "accept_only";
  if (offersNoChoice(buttons)) return "cosmetic_only";
  // A reject or settings button without any accept is no shape the taxonomy names.
  return "undetermined";
}

/** The button kinds of a set of labels. */
export function toFirstLayerButtons(kinds: Iterable<string>): FirstLayerButtons {
  const set = new Set(kinds);
  return { accept: set.has("accept"), reject: set.has("reject"), settings: set.has("settings"), acknowledge: set.has("acknowledge") };
}

/**
 * An overlay that offers both accept and reject is a consent choice even when its text never says
 * "cookie" or "consent" (Orejime speaks of "personal information" and "purposes"; other notices only name
 * their vendors). A newsletter box says "subscribe", which the vocabulary never reads as accept.
 */
export function offersConsentChoice(buttons: FirstLayerButtons): boolean {
  return buttons.accept && buttons.reject;
}

/** A notice without a choice: no accept, reject or settings button, at most an "OK" that dismisses it. */
export function offersNoChoice(buttons: FirstLayerButtons): boolean {
  return !buttons.accept && !buttons.reject && !buttons.settings;
}
