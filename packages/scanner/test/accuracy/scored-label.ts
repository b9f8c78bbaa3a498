import type { Counts } from "../support/precision-recall.js";

/** The consent and privacy labels scored once per site (or per button, disclosure or signal of a site). */
export const LABEL_KINDS = [
  "cmp",
  "firstLayerButtons",
  "firstLayerClassification",
  "rejectOutcome",
  "acceptOutcome",
  "policyDisclosures",
  "usPrivacySignals",
  "consentModeCommands",
  "consentModeHits",
] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];

/** One site's counts for one label, and what it got wrong (for a failure message: names and codes only). */
export interface ScoredLabel {
  label: LabelKind;
  counts: Counts;
  errors: string[];
}
