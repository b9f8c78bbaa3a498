import type { DisclosureKey } from "../../../src/policy/policy-vocabulary.js";

/**
 * One passage of a privacy policy or a site page: a heading and a sentence or two, as real pages word them.
 * A plain string makes only the disclosure it is listed under; `also` names the other disclosures the
 * passage genuinely makes too, so a detector that finds them there is right, not wrong.
 */
export type CorpusPassage = string | { text: string; also: readonly DisclosureKey[] };

/** One language's corpus: at least five positive passages per disclosure, and passages that make none. */
export interface LanguageCorpus {
  positives: Readonly<Record<DisclosureKey, readonly CorpusPassage[]>>;
  /** Text from policies and site pages that makes no disclosure at all (cookie banners, marketing, terms). */
  negatives: readonly string[];
}
