import type { ChoiceToggles } from "../observations/choice-toggles-observation.js";

const WHERE: Readonly<Record<ChoiceToggles["seenWhile"], string>> = {
  rejecting: "on the way to reject",
  opening_settings: "in the preferences",
};

/**
 * The choice toggles in words: "2 of 4 switched on before any choice (marketing, analytics), in the
 * preferences; 1 necessary kept on". The report page and the terminal say it the same way.
 */
export function choiceTogglesText(toggles: ChoiceToggles): string {
  const purposes = toggles.preTickedPurposes.length === 0 ? "" : ` (${toggles.preTickedPurposes.join(", ")})`;
  const necessary = toggles.necessaryOn === 0 ? "" : `; ${toggles.necessaryOn} necessary kept on`;
  return `${toggles.preTicked} of ${toggles.shown} switched on before any choice${purposes}, ${WHERE[toggles.seenWhile]}${necessary}`;
}
