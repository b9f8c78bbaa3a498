/** The consent phases a command runs, as the scanner's presets name them. */
export const SCAN_PHASE_PRESETS = ["full", "quick", "pre_consent_only"] as const;
export type ScanPhasePreset = (typeof SCAN_PHASE_PRESETS)[number];

/** Reads `--phases` / `PUBLIC_SCAN_PHASES`; the default is every phase (reject, accept, GPC). */
export function parsePhasePreset(value: string | undefined): ScanPhasePreset {
  if (value === undefined || value === "") return "full";
  if ((SCAN_PHASE_PRESETS as readonly string[]).includes(value)) return value as ScanPhasePreset;
  throw new Error(`--phases must be one of ${SCAN_PHASE_PRESETS.join(", ")}`);
}
