import type { EvidencePhase, ScanObservations } from "@public-scan/core";
import type { GroundTruth, PhaseGroundTruth, PhasesGroundTruth } from "@public-scan/fixture-web";
import type { Counts } from "../support/precision-recall.js";
import { countSet } from "./count-labels.js";
import { measureBannerLabels } from "./measure-banner-labels.js";
import { measureConsentLabels } from "./measure-consent-labels.js";
import { measureConsentMode } from "./measure-consent-mode.js";
import { measurePrivacyLabels } from "./measure-privacy-labels.js";
import { measureGpp } from "./measure-gpp.js";
import { measureTcf } from "./measure-tcf.js";
import { EVIDENCE_KINDS, expectedPhaseEvidence, observedPhaseEvidence, type EvidenceKind } from "./phase-evidence.js";
import type { ScoredLabel } from "./scored-label.js";

/**
 * The phases after the first visit, in the order of a scan, each with its key in the ground truth's
 * `phases`. The next pages are written down only for the sites built to show them; elsewhere they are not scored.
 */
export const LATER_PHASES = [
  ["after_reject", "afterReject"],
  ["reject_next_page", "rejectNextPage"],
  ["after_accept", "afterAccept"],
  ["accept_next_page", "acceptNextPage"],
  ["gpc", "gpc"],
] as const satisfies ReadonlyArray<readonly [EvidencePhase, Exclude<keyof PhasesGroundTruth, "consentActions">]>;

/** Every phase scored, in the order of a scan. */
export const SCORED_PHASES: readonly EvidencePhase[] = ["pre_consent", ...LATER_PHASES.map(([phase]) => phase)];

/** One site's counts for one evidence kind in one phase, and the keys it got wrong. */
export interface ScoredEvidence {
  phase: EvidencePhase;
  kind: EvidenceKind;
  counts: Counts;
  errors: string[];
}

export interface SiteMeasure {
  site: string;
  evidence: ScoredEvidence[];
  labels: ScoredLabel[];
}

/**
 * Scores one scan of a fixture site against the site's ground truth: per phase the ground truth describes,
 * each evidence kind as a set; then the consent and privacy labels where it writes them down. A phase that
 * did not run is scored too: its truth is empty, so anything the scan reports there is a false positive.
 */
export function measureFixtureSite(options: { site: string; truth: GroundTruth; observations: ScanObservations }): SiteMeasure {
  const { site, truth, observations } = options;
  const evidence: ScoredEvidence[] = [];
  const phaseTruths: Array<[EvidencePhase, PhaseGroundTruth | GroundTruth["preConsent"] | undefined]> = [
    // Services are written down only where a site loads some: elsewhere the first visit expects none.
    ["pre_consent", { ...truth.preConsent, services: truth.preConsent.services ?? [] }],
    ...LATER_PHASES.map(([phase, key]): [EvidencePhase, PhaseGroundTruth | undefined] => [phase, truth.phases?.[key]]),
  ];
  for (const [phase, phaseTruth] of phaseTruths) {
    if (phaseTruth === undefined) continue;
    const expected = expectedPhaseEvidence(phaseTruth);
    const observed = observedPhaseEvidence(observations, phase);
    for (const kind of EVIDENCE_KINDS) {
      const keys = expected[kind];
      if (keys === undefined) continue;
      const counts = countSet({ expected: keys, observed: observed[kind] });
      const errors = [
        ...[...new Set(observed[kind])].filter((item) => !keys.includes(item)).map((item) => `${phase} ${kind}: wrongly found ${item}`),
        ...keys.filter((item) => !observed[kind].includes(item)).map((item) => `${phase} ${kind}: missed ${item}`),
      ];
      evidence.push({ phase, kind, counts, errors });
    }
  }
  const labels = [
    ...measureConsentLabels({ consent: truth.consent, phases: truth.phases, observations }),
    ...measureBannerLabels({ consent: truth.consent, observations }),
    ...measurePrivacyLabels({ privacy: truth.privacy, observations }),
    ...measureConsentMode({ consentMode: truth.consentMode, observations }),
    ...measureTcf({ tcf: truth.tcf, observations }),
    ...measureGpp({ gpp: truth.gpp, observations }),
  ];
  return { site, evidence, labels };
}
