import type { PolicyTextLength, PrivacyPolicyObservation } from "@public-scan/core";
import { checkDisclosures } from "./check-disclosures.js";
import { detectLanguage } from "./detect-language.js";
import { findUnnamedVendors } from "./find-unnamed-vendors.js";
import type { PolicyVocabulary } from "./policy-vocabulary.js";
import type { PolicyReading } from "./read-privacy-policy.js";

/**
 * The observation from a reading: language, length bucket, the disclosure checklist and the vendor
 * cross-check, all from the text, which is dropped here. Without text (not fetched, not readable) every
 * content field is null, so nothing unread reads as "not observed".
 */
export function toPrivacyPolicyObservation(options: {
  reading: PolicyReading;
  vendors: ReadonlySet<string>;
  vocabulary: PolicyVocabulary;
  isSameSite: (host: string) => boolean;
}): PrivacyPolicyObservation {
  const { reading } = options;
  const base: PrivacyPolicyObservation = {
    steps: { ...reading.steps, analysis: "skipped" },
    reason: reading.reason,
    link: { foundIn: reading.foundIn, host: reading.host, sameSite: reading.host === null ? null : options.isSameSite(reading.host) },
    fetchStatus: reading.fetchStatus,
    httpStatus: reading.httpStatus,
    language: null,
    declaredLanguage: reading.declaredLanguage,
    textLength: null,
    disclosures: null,
    vendorsNotNamed: null,
    vendorsChecked: null,
  };
  if (reading.text === null) return base;
  try {
    return {
      ...base,
      steps: { ...base.steps, analysis: "ok" },
      language: detectLanguage(reading.text),
      textLength: toTextLength(reading.text.length),
      disclosures: checkDisclosures(reading.text, options.vocabulary),
      vendorsNotNamed: findUnnamedVendors({
        text: reading.text,
        vendors: options.vendors,
        aliases: options.vocabulary.vendorAliases,
      }).slice(0, 100),
      vendorsChecked: Math.min(1000, options.vendors.size),
    };
  } catch {
    return { ...base, steps: { ...base.steps, analysis: "failed" }, reason: "analysis_failed" };
  }
}

/** The bucket of a text's length in characters: enough to tell a stub from a full policy, nothing more. */
export function toTextLength(length: number): PolicyTextLength {
  if (length < 1000) return "under_1k";
  if (length < 5000) return "1k_to_5k";
  if (length < 20_000) return "5k_to_20k";
  return "over_20k";
}
