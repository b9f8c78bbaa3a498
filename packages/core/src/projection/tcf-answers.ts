import type { EvidencePhase } from "../contract/index.js";
import type { TcfAnswer, TcfSummary } from "../observations/consent-observation.js";
import type { ScanObservations } from "../observations/scan-observations.js";

/** Purposes TCF 2.2 (policy version 4 and later) allows no legitimate interest for: 1 and 3 to 6. */
export const NO_LEGITIMATE_INTEREST_PURPOSES: ReadonlySet<number> = new Set([1, 3, 4, 5, 6]);

/** A phase's decoded TC string. */
export interface PhaseTcString {
  phase: EvidencePhase;
  eventStatus: TcfAnswer["eventStatus"];
  decoded: TcfSummary;
}

/**
 * The decoded TC strings of a scan, in phase order: the first visit's (`consent.tcf`) and each later
 * phase's (`tcfPhases`). A phase whose CMP gave no string, or an undecodable one, has none.
 */
export function phaseTcStrings(observations: ScanObservations): PhaseTcString[] {
  const answers: Array<{ phase: EvidencePhase; tcf: TcfAnswer | null | undefined }> = [
    { phase: "pre_consent", tcf: observations.consent?.tcf },
    ...(observations.tcfPhases ?? []),
  ];
  return answers.flatMap(({ phase, tcf }) =>
    tcf?.decoded === null || tcf?.decoded === undefined ? [] : [{ phase, eventStatus: tcf.eventStatus, decoded: tcf.decoded }],
  );
}

/** The purposes a string claims legitimate interest for where TCF 2.2 allows none; empty under older policies. */
export function disallowedLegitimateInterests(decoded: TcfSummary): number[] {
  if (decoded.tcfPolicyVersion < 4) return [];
  return (decoded.purposeLegitimateInterestIds ?? []).filter((id) => NO_LEGITIMATE_INTEREST_PURPOSES.has(id));
}

/** Whether a string grants anything by consent: a purpose or a vendor. */
export function grantsConsent(decoded: TcfSummary): boolean {
  return decoded.purposeConsents > 0 || decoded.vendorConsents > 0;
}
