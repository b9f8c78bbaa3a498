import type { Counts } from "../support/precision-recall.js";

/** The phases Google Consent Mode is scored in, each a row of its own. */
export const CONSENT_MODE_PHASES = ["pre_consent", "after_reject", "after_accept", "gpc"] as const;

/**
 * The phases the GPP sites are scored in: US sites without a consent banner, so the first visit and the
 * GPC visit, the two the GPC answer compares.
 */
export const GPP_PHASES = ["pre_consent", "gpc"] as const;

/** The consent and privacy labels scored once per site (or per button, disclosure, signal or phase of a site). */
export const LABEL_KINDS = [
  "cmp",
  "firstLayerButtons",
  "firstLayerClassification",
  "rejectOutcome",
  "acceptOutcome",
  "bannerDesign",
  "choiceToggles",
  "policyDisclosures",
  "usPrivacySignals",
  ...CONSENT_MODE_PHASES.map((phase) => `consentModeCommands ${phase}` as const),
  ...CONSENT_MODE_PHASES.map((phase) => `consentModeHits ${phase}` as const),
  ...CONSENT_MODE_PHASES.map((phase) => `tcf ${phase}` as const),
  ...GPP_PHASES.map((phase) => `gpp ${phase}` as const),
  "gpcAnswer",
] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/** One site's counts for one label, and what it got wrong (for a failure message: names and codes only). */
export interface ScoredLabel {
  label: LabelKind;
  counts: Counts;
  errors: string[];
}
