import type { ConsentAction, ScanObservations } from "@public-scan/core";
import type { ConsentGroundTruth, PhasesGroundTruth } from "@public-scan/fixture-web";
import { addCounts, emptyCounts } from "../support/precision-recall.js";
import { countBinary, countCategorical } from "./count-labels.js";
import type { ScoredLabel } from "./scored-label.js";

const BUTTONS = ["accept", "reject", "settings", "acknowledge"] as const;
const NO_ACTION = "not_attempted (no_banner)";
const actionLabel = (action: Pick<ConsentAction, "outcome" | "reason"> | undefined) =>
  action === undefined ? NO_ACTION : `${action.outcome}${action.reason === null ? "" : ` (${action.reason})`}`;

/**
 * The consent labels of one site: the CMP's name (none: no CMP), the four first-layer buttons as yes/no,
 * the first-layer classification (none: no banner), and the reject and accept outcomes with their reason
 * (none: nothing to act on, `not_attempted (no_banner)`). Each only where the ground truth writes it down.
 */
export function measureConsentLabels(options: {
  consent: ConsentGroundTruth | undefined;
  phases: PhasesGroundTruth | undefined;
  observations: ScanObservations;
}): ScoredLabel[] {
  const { consent, phases, observations } = options;
  const labels: ScoredLabel[] = [];
  const categorical = (label: ScoredLabel["label"], values: { expected: string; observed: string; none: string }) =>
    labels.push({
      label,
      counts: countCategorical(values),
      errors: values.expected === values.observed ? [] : [`${label}: expected ${values.expected}, observed ${values.observed}`],
    });
  if (consent !== undefined) {
    const observed = observations.consent;
    categorical("cmp", { expected: consent.cmp ?? "none", observed: observed?.cmp ?? "none", none: "none" });
    const buttons = emptyCounts();
    const errors: string[] = [];
    for (const button of BUTTONS) {
      const expected = consent.firstLayer?.[button] ?? false;
      const found = observed?.firstLayer?.[button] ?? false;
      addCounts(buttons, countBinary({ expected, observed: found }));
      if (expected !== found) errors.push(`firstLayerButtons: ${button} ${expected ? "missed" : "wrongly found"}`);
    }
    labels.push({ label: "firstLayerButtons", counts: buttons, errors });
    categorical("firstLayerClassification", {
      expected: consent.classification,
      observed: observed?.classification ?? "no_banner_detected",
      none: "no_banner_detected",
    });
  }
  if (phases !== undefined) {
    categorical("rejectOutcome", {
      expected: actionLabel(phases.consentActions.reject),
      observed: actionLabel(observations.consentActions?.reject),
      none: NO_ACTION,
    });
    categorical("acceptOutcome", {
      expected: actionLabel(phases.consentActions.accept),
      observed: actionLabel(observations.consentActions?.accept),
      none: NO_ACTION,
    });
  }
  return labels;
}
