/** Which phases after the pre-consent snapshot a scan runs. */
export interface ScanPhaseSwitches {
  /** In the same visit: use the banner's reject, then observe (`after_reject`). */
  reject: boolean;
  /** In a fresh browser context: visit, accept, observe (`after_accept`). */
  accept: boolean;
  /** In a fresh browser context: visit with `Sec-GPC: 1` and `navigator.globalPrivacyControl` (`gpc`). */
  gpc: boolean;
  /**
   * After reject and after accept, in the same context: open a second page of the site and observe it
   * (`reject_next_page`, `accept_next_page`): does the banner come back, do trackers fire on the next page?
   */
  nextPage: boolean;
}

/**
 * Named sets of phases. `pre_consent_only` is what a scan did before phases existed (and stays the
 * default, so a caller opts in to the extra visits and their time); `quick` adds only the reject path,
 * which reuses the visit; `full` runs every phase, the next pages included.
 */
export const SCAN_PHASE_PRESETS = {
  pre_consent_only: { reject: false, accept: false, gpc: false, nextPage: false },
  quick: { reject: true, accept: false, gpc: false, nextPage: false },
  full: { reject: true, accept: true, gpc: true, nextPage: true },
} as const satisfies Record<string, ScanPhaseSwitches>;

/** A preset's name, or the phases one by one (a phase left out is off). */
export type ScanPhasesOption = keyof typeof SCAN_PHASE_PRESETS | Partial<ScanPhaseSwitches>;

/** The phases a scan runs. */
export function resolveScanPhases(option: ScanPhasesOption | undefined): ScanPhaseSwitches {
  if (option === undefined) return { ...SCAN_PHASE_PRESETS.pre_consent_only };
  if (typeof option === "string") return { ...SCAN_PHASE_PRESETS[option] };
  return { reject: option.reject === true, accept: option.accept === true, gpc: option.gpc === true, nextPage: option.nextPage === true };
}
