import type { ButtonDesign, ChoiceToggles, ScanObservations } from "@public-scan/core";
import type { ButtonLookGroundTruth, ChoiceTogglesGroundTruth, ConsentGroundTruth } from "@public-scan/fixture-web";
import { addCounts, emptyCounts } from "../support/precision-recall.js";
import { countCategorical } from "./count-labels.js";
import type { ScoredLabel } from "./scored-label.js";

const lookOf = (button: ButtonDesign | null | undefined): ButtonLookGroundTruth =>
  button === null || button === undefined ? null : button.styledAsLink ? "link" : button.filled ? "filled" : "plain";

/** The toggles as one value: where they were read, the counts and the purposes, or `none`. */
const togglesValue = (toggles: ChoiceTogglesGroundTruth | ChoiceToggles | null | undefined) =>
  toggles === null || toggles === undefined
    ? "none"
    : `${toggles.preTicked} of ${toggles.shown} pre-ticked (${toggles.preTickedPurposes.join(", ")}), ${toggles.necessaryOn} necessary, ${toggles.seenWhile}`;

/**
 * The banner-design labels of one site, each only where the ground truth writes it down: the first layer's
 * design in its categorical parts (placement, page lock, page blocked, how accept and reject look), each
 * part counted as a value of its own; and the choice toggles a rejecting visitor was shown, as one value
 * (`none`: none shown).
 */
export function measureBannerLabels(options: { consent: ConsentGroundTruth | undefined; observations: ScanObservations }): ScoredLabel[] {
  const { consent, observations } = options;
  const labels: ScoredLabel[] = [];
  if (consent?.bannerDesign !== undefined) {
    const expected = consent.bannerDesign;
    const observed = observations.consent?.bannerDesign ?? null;
    const parts: Array<[string, string, string]> = [
      ["placement", expected.placement, observed?.placement ?? "none"],
      ["scrollLocked", String(expected.scrollLocked), observed === null ? "none" : String(observed.scrollLocked)],
      ["blocksPage", String(expected.blocksPage), observed === null ? "none" : String(observed.blocksPage)],
      ["accept", String(expected.accept), observed === null ? "none" : String(lookOf(observed.accept))],
      ["reject", String(expected.reject), observed === null ? "none" : String(lookOf(observed.reject))],
    ];
    const counts = emptyCounts();
    const errors: string[] = [];
    for (const [part, want, got] of parts) {
      addCounts(counts, countCategorical({ expected: want, observed: got, none: "none" }));
      if (want !== got) errors.push(`bannerDesign: ${part} expected ${want}, observed ${got}`);
    }
    labels.push({ label: "bannerDesign", counts, errors });
  }
  if (consent?.choiceToggles !== undefined) {
    const expected = togglesValue(consent.choiceToggles);
    const observed = togglesValue(observations.consent?.choiceToggles);
    labels.push({
      label: "choiceToggles",
      counts: countCategorical({ expected, observed, none: "none" }),
      errors: expected === observed ? [] : [`choiceToggles: expected ${expected}, observed ${observed}`],
    });
  }
  return labels;
}
