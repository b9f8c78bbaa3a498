import type { PolicyDisclosures } from "@public-scan/core";
import { countMatches, matchesAny, normalizeText } from "./compile-phrase.js";
import { DISCLOSURE_KEYS, type DisclosureRule, type PolicyVocabulary } from "./policy-vocabulary.js";

/** An e-mail address, or one written with "(at)"/"[at]" as policies often do against harvesters. */
const EMAIL_ADDRESS = /[\p{L}\p{N}._%+-]{1,64}(?:@|\s?[([]at[)\]]\s?)[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63}){0,8}\.\p{L}{2,24}/u;
const AT_SIGN = /@|[([]at[)\]]/g;

/** Policies are long; beyond this much text a disclosure is as good as absent for a reader too. */
export const MAX_ANALYSED_CHARS = 100_000;

/**
 * Whether the text has an e-mail address, looked for only around its "@" (or "(at)") signs: the whole-text
 * search would try every letter as the start of an address, quadratic on a long text without one.
 */
function hasEmailAddress(text: string): boolean {
  let checked = 0;
  for (const sign of text.matchAll(AT_SIGN)) {
    if ((checked += 1) > 200) return false;
    const at = sign.index;
    if (EMAIL_ADDRESS.test(text.slice(Math.max(0, at - 66), at + 330))) return true;
  }
  return false;
}

/**
 * The GDPR Art. 13/14 checklist over a policy's visible text: each disclosure is observed when wording
 * specific to it occurs. Every language's wording is tried, so a policy that mixes languages (an English
 * "Cookies" section in a German policy) is read whole and a misdetected language costs nothing; the
 * phrases are specific enough not to occur by chance in another language's text. The text is only read
 * here, never kept.
 */
export function checkDisclosures(text: string, vocabulary: PolicyVocabulary): PolicyDisclosures {
  const normalized = normalizeText(text.slice(0, MAX_ANALYSED_CHARS));
  const observed = (rule: DisclosureRule) => {
    const terms = Object.values(rule.terms).flat();
    if (countMatches(normalized, terms) < rule.minOccurrences) return false;
    if (rule.requires === null) return true;
    if (rule.requires.emailAddress && hasEmailAddress(normalized)) return true;
    return matchesAny(normalized, Object.values(rule.requires.terms).flat());
  };
  return Object.fromEntries(DISCLOSURE_KEYS.map((key) => [key, observed(vocabulary.disclosures[key])])) as PolicyDisclosures;
}
