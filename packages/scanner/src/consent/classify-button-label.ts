import { CONSENT_BUTTON_VOCABULARY } from "./consent-button-vocabulary.js";

export type ConsentButtonKind = "accept" | "reject" | "settings" | "acknowledge" | "other";

const CLOSE_SYMBOLS = /^[×✕✖✗xX]$/;

/**
 * A button label as the vocabulary expects it: Unicode-normalised, lower case, apostrophes removed (so
 * `J'accepte` and `Don’t` match without them), every other non-letter a space, spaces collapsed.
 */
export function cleanButtonLabel(label: string): string {
  return label
    .normalize("NFC")
    .toLowerCase()
    .replace(/['’‘`´]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The kind of a consent-banner button from its visible label (or its accessible name). */
export function classifyButtonLabel(label: string): ConsentButtonKind {
  const trimmed = label.trim();
  // A lone "×" closes the notice: it acknowledges, it does not choose.
  if (CLOSE_SYMBOLS.test(trimmed)) return "acknowledge";
  const cleaned = cleanButtonLabel(trimmed);
  if (cleaned === "" || cleaned.length > 80) return "other";
  const matches = (patterns: readonly RegExp[]) => patterns.some((pattern) => pattern.test(cleaned));
  if (matches(CONSENT_BUTTON_VOCABULARY.never)) return "other";
  if (matches(CONSENT_BUTTON_VOCABULARY.reject)) return "reject";
  if (matches(CONSENT_BUTTON_VOCABULARY.settings)) return "settings";
  if (matches(CONSENT_BUTTON_VOCABULARY.accept)) return "accept";
  if (matches(CONSENT_BUTTON_VOCABULARY.acknowledge)) return "acknowledge";
  return "other";
}
