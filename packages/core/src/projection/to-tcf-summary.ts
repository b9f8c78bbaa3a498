import type { EvidencePhase } from "../contract/index.js";
import type { TcfAnswer } from "../observations/consent-observation.js";
import type { ScanObservations } from "../observations/scan-observations.js";
import { disallowedLegitimateInterests, phaseTcStrings } from "./tcf-answers.js";

/** One phase's IAB TCF TC string as the report shows it: who wrote it, what it grants, and how many vendors. */
export interface TcfPhaseSummary {
  phase: EvidencePhase;
  eventStatus: TcfAnswer["eventStatus"];
  cmpId: number;
  tcfPolicyVersion: number;
  purposeConsentIds: number[];
  purposeLegitimateInterestIds: number[];
  /** Legitimate interest claimed for purposes TCF 2.2 reserves for consent. */
  disallowedLegitimateInterestIds: number[];
  vendorConsents: number;
  vendorLegitimateInterests: number;
  /** How many vendors the visitor was asked about (the disclosed-vendors segment); null when the string does not say. */
  vendorsDisclosed: number | null;
  /**
   * The vendors with consent and with legitimate interest by name, from the Global Vendor List the operator
   * supplied (its version); null without one. At most 100 names each; the counts above are exact.
   */
  vendorNames: { vendorListVersion: number; consent: string[]; legitimateInterest: string[] } | null;
}

/** Each phase's decoded TC string, in phase order; null when the scan decoded none. */
export function toTcfSummary(observations: ScanObservations): TcfPhaseSummary[] | null {
  const strings = phaseTcStrings(observations);
  if (strings.length === 0) return null;
  return strings.map(({ phase, eventStatus, decoded }) => ({
    phase,
    eventStatus,
    cmpId: decoded.cmpId,
    tcfPolicyVersion: decoded.tcfPolicyVersion,
    purposeConsentIds: [...(decoded.purposeConsentIds ?? [])],
    purposeLegitimateInterestIds: [...(decoded.purposeLegitimateInterestIds ?? [])],
    disallowedLegitimateInterestIds: disallowedLegitimateInterests(decoded),
    vendorConsents: decoded.vendorConsents,
    vendorLegitimateInterests: decoded.vendorLegitimateInterests,
    vendorsDisclosed: decoded.vendorsDisclosed ?? null,
    vendorNames:
      decoded.vendorListVersion === undefined
        ? null
        : {
            vendorListVersion: decoded.vendorListVersion,
            consent: [...(decoded.vendorConsentNames ?? [])],
            legitimateInterest: [...(decoded.vendorLegitimateInterestNames ?? [])],
          },
  }));
}
