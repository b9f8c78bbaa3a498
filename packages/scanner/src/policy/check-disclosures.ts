import type { PolicyDisclosures } from "@public-scan/core";
import { countMatches, matchesAny } from "./compile-phrase.js";
import { normalizeText } from "./normalize-text.js";
import { DISCLOSURE_KEYS, type DisclosureRule, type PolicyVocabulary } from "./policy-vocabulary.js";

/** An e-mail address, or one written with "(at)"/"[at]" as policies often do against harvesters. */
const EMAIL_ADDRESS = /[\p{L}\p{N}._%+-]+(?:@|\s?[([]at[)\]]\s?)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;

/**
 * The GDPR Art. 13/14 checklist over a policy's visible text: each disclosure is observed when wording
 * specific to it occurs. Every language's wording is tried, so a policy that mixes languages (an English
 * "Cookies" section in a German policy) is read whole and a misdetected language costs nothing; the
 * phrases are specific enough not to occur by chance in another language's text. The text is only read
 * here, never kept.
 */
export function checkDisclosures(text: string, vocabulary: PolicyVocabulary): PolicyDisclosures {
  const normalized = normalizeText(text);
  const observed = (rule: DisclosureRule) => {
    const terms = Object.values(rule.terms).flat();
    if (countMatches(normalized, terms) < rule.minOccurrences) return false;
    if (rule.requires === null) return true;
    if (rule.requires.emailAddress && EMAIL_ADDRESS.test(normalized)) return true;
    return matchesAny(normalized, Object.values(rule.requires.terms).flat());
  };
  return Object.fromEntries(DISCLOSURE_KEYS.map((key) => [key, observed(vocabulary.disclosures[key])])) as PolicyDisclosures;
}
