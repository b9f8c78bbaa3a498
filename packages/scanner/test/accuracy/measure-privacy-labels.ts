import type { ScanObservations } from "@public-scan/core";
import type { PrivacyGroundTruth } from "@public-scan/fixture-web";
import { DISCLOSURE_KEYS } from "../../src/policy/policy-vocabulary.js";
import { addCounts, emptyCounts } from "../support/precision-recall.js";
import { countBinary, countCategorical } from "./count-labels.js";
import type { ScoredLabel } from "./scored-label.js";

const US_LINKS = [
  "doNotSellOrShareLink",
  "limitSensitiveLink",
  "yourPrivacyChoicesLink",
  "privacyChoicesIcon",
  "noticeAtCollection",
] as const;
const NO_GPC_JSON = "not_found";
const gpcJsonLabel = (gpcJson: { status: string; gpc: boolean | null; lastUpdate: boolean } | undefined) =>
  gpcJson === undefined || gpcJson.status === NO_GPC_JSON
    ? NO_GPC_JSON
    : `${gpcJson.status} (gpc ${gpcJson.gpc}, lastUpdate ${gpcJson.lastUpdate})`;

/**
 * The privacy labels of one site with a `privacy` ground truth: the twelve disclosures of its policy as
 * yes/no (a policy the scanner did not read, or the truth says is not read, has none: a "yes" on the other
 * side still counts), and the US-privacy signals (the five links and icon as yes/no, gpc.json by its status
 * and members, none: not found).
 */
export function measurePrivacyLabels(options: { privacy: PrivacyGroundTruth | undefined; observations: ScanObservations }): ScoredLabel[] {
  const { privacy, observations } = options;
  if (privacy === undefined) return [];
  const labels: ScoredLabel[] = [];
  const expectedDisclosures = privacy.policy.disclosures;
  const observedDisclosures = observations.privacyPolicy?.disclosures ?? null;
  if (expectedDisclosures !== null || observedDisclosures !== null) {
    const counts = emptyCounts();
    const errors: string[] = [];
    for (const key of DISCLOSURE_KEYS) {
      const expected = expectedDisclosures?.[key] ?? false;
      const observed = observedDisclosures?.[key] ?? false;
      addCounts(counts, countBinary({ expected, observed }));
      if (expected !== observed) errors.push(`policyDisclosures: ${key} ${expected ? "missed" : "wrongly found"}`);
    }
    labels.push({ label: "policyDisclosures", counts, errors });
  }
  const us = observations.usPrivacy;
  const counts = emptyCounts();
  const errors: string[] = [];
  for (const link of US_LINKS) {
    const expected = privacy.usPrivacy[link];
    const observed = us?.[link] ?? false;
    addCounts(counts, countBinary({ expected, observed }));
    if (expected !== observed) errors.push(`usPrivacySignals: ${link} ${expected ? "missed" : "wrongly found"}`);
  }
  const expectedGpc = gpcJsonLabel(privacy.usPrivacy.gpcJson);
  const observedGpc = gpcJsonLabel(us?.gpcJson ?? undefined);
  addCounts(counts, countCategorical({ expected: expectedGpc, observed: observedGpc, none: NO_GPC_JSON }));
  if (expectedGpc !== observedGpc) errors.push(`usPrivacySignals: gpc.json expected ${expectedGpc}, observed ${observedGpc}`);
  labels.push({ label: "usPrivacySignals", counts, errors });
  return labels;
}
