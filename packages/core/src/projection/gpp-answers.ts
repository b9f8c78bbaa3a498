import type { EvidencePhase } from "../contract/index.js";
import type { GppAnswer, GppOptOut, UspAnswer } from "../observations/gpp-observation.js";
import type { ScanObservations } from "../observations/scan-observations.js";

/** What the page's GPP and US Privacy APIs answered in one phase. */
export interface PhasePrivacyStrings {
  phase: EvidencePhase;
  gpp: GppAnswer | null;
  usp: UspAnswer | null;
}

/** One opt-out a page's string states: which string and section, which right, and its state. */
export interface StatedOptOut {
  /** The GPP section's name (`usnat`, `usca`, `uspv1`), or `usp` for the `__uspapi` string. */
  section: string;
  right: "sale" | "sharing" | "targeted_advertising";
  state: GppOptOut;
}

/**
 * The GPP and USP answers of a scan, in phase order: the first visit's (`consent.gpp`, `consent.usp`) and
 * each later phase's (`gppPhases`). A phase where neither API answered has none.
 */
export function phasePrivacyStrings(observations: ScanObservations): PhasePrivacyStrings[] {
  const answers: PhasePrivacyStrings[] = [
    { phase: "pre_consent", gpp: observations.consent?.gpp ?? null, usp: observations.consent?.usp ?? null },
    ...(observations.gppPhases ?? []),
  ];
  return answers.filter(({ gpp, usp }) => gpp?.responded === true || usp?.responded === true);
}

/** Every opt-out the phase's strings state, GPP sections first (in their order), then the USP string. */
export function statedOptOuts(strings: PhasePrivacyStrings): StatedOptOut[] {
  const stated: StatedOptOut[] = [];
  for (const section of strings.gpp?.sections ?? []) {
    if (!section.decoded || section.name === null) continue;
    const rights = [
      ["sale", section.saleOptOut],
      ["sharing", section.sharingOptOut],
      ["targeted_advertising", section.targetedAdvertisingOptOut],
    ] as const;
    for (const [right, state] of rights) if (state !== null) stated.push({ section: section.name, right, state });
  }
  const optOutSale = strings.usp?.optOutSale;
  if (optOutSale !== null && optOutSale !== undefined) {
    const state: GppOptOut = optOutSale === "yes" ? "opted_out" : optOutSale === "no" ? "did_not_opt_out" : "not_applicable";
    stated.push({ section: "usp", right: "sale", state });
  }
  return stated;
}

/** Whether a decoded US section's GPC sub-section says the CMP received GPC; null when no section carries one. */
export function cmpSawGpc(strings: PhasePrivacyStrings): boolean | null {
  const flags = (strings.gpp?.sections ?? []).flatMap((section) => (section.gpc === null ? [] : [section.gpc]));
  return flags.length === 0 ? null : flags.some(Boolean);
}
