import type { EvidencePhase } from "../contract/index.js";
import type { GppAnswer, UspAnswer } from "../observations/gpp-observation.js";
import type { ScanObservations } from "../observations/scan-observations.js";
import { cmpSawGpc, phasePrivacyStrings, statedOptOuts, type StatedOptOut } from "./gpp-answers.js";

/** One phase's GPP and US Privacy strings as the report shows them: the opt-outs they state, never the strings. */
export interface GppPhaseSummary {
  phase: EvidencePhase;
  signalStatus: GppAnswer["signalStatus"];
  /** The GPP section names the string carries, in its order (`usnat`, `usca`, `tcfeuv2`). */
  sections: string[];
  /** Every opt-out stated, by section (GPP sections, then `usp` for the US Privacy API's string). */
  optOuts: StatedOptOut[];
  /** A US section's GPC sub-section says the CMP received GPC; null when none carries one. */
  cmpSawGpc: boolean | null;
  /** The US Privacy API's string, decoded; null without one. */
  usp: Pick<UspAnswer, "notice" | "optOutSale" | "lspaCovered"> | null;
}

/** Each phase's GPP and USP answers, in phase order; null when neither API answered in any phase. */
export function toGppSummary(observations: ScanObservations): GppPhaseSummary[] | null {
  const strings = phasePrivacyStrings(observations);
  if (strings.length === 0) return null;
  return strings.map((entry) => ({
    phase: entry.phase,
    signalStatus: entry.gpp?.signalStatus ?? null,
    sections: (entry.gpp?.sections ?? []).map((section) => section.name ?? `section ${section.id}`),
    optOuts: statedOptOuts(entry),
    cmpSawGpc: cmpSawGpc(entry),
    usp:
      entry.usp?.uspString === "decoded"
        ? { notice: entry.usp.notice, optOutSale: entry.usp.optOutSale, lspaCovered: entry.usp.lspaCovered }
        : null,
  }));
}
