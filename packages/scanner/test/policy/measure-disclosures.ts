import { checkDisclosures } from "../../src/policy/check-disclosures.js";
import { DISCLOSURE_KEYS, type DisclosureKey, type PolicyVocabulary } from "../../src/policy/policy-vocabulary.js";
import { addCounts, emptyCounts as empty, type Counts } from "../support/precision-recall.js";
import type { CorpusPassage, LanguageCorpus } from "./disclosure-corpus/corpus-passage.js";

export interface LanguageMeasure {
  language: string;
  passages: number;
  byDisclosure: Record<DisclosureKey, Counts>;
  total: Counts;
  /** The passages the detector got wrong, for the test's failure message: which disclosure and which way. */
  errors: string[];
}

/**
 * Runs the real checklist on every passage alone and counts, per disclosure, what it found against what the
 * passage makes. Every passage is scored on all twelve disclosures: a positive passage for one disclosure is
 * a negative for the eleven others (unless it lists them in `also`), so precision is measured on the other
 * disclosures' wording as well as on the negatives.
 */
export function measureDisclosures(options: { language: string; corpus: LanguageCorpus; vocabulary: PolicyVocabulary }): LanguageMeasure {
  const passages: { text: string; makes: ReadonlySet<DisclosureKey> }[] = [
    ...DISCLOSURE_KEYS.flatMap((key) => options.corpus.positives[key].map((passage) => toLabelled(passage, key))),
    ...options.corpus.negatives.map((text) => ({ text, makes: new Set<DisclosureKey>() })),
  ];
  const byDisclosure = Object.fromEntries(DISCLOSURE_KEYS.map((key) => [key, empty()])) as Record<DisclosureKey, Counts>;
  const errors: string[] = [];
  for (const passage of passages) {
    const found = checkDisclosures(passage.text, options.vocabulary);
    for (const key of DISCLOSURE_KEYS) {
      const expected = passage.makes.has(key);
      if (expected && found[key]) byDisclosure[key].truePositives += 1;
      else if (expected) byDisclosure[key].falseNegatives += 1;
      else if (found[key]) byDisclosure[key].falsePositives += 1;
      if (expected !== found[key]) errors.push(`${expected ? "missed" : "wrongly found"} ${key}: ${passage.text}`);
    }
  }
  const total = empty();
  for (const counts of Object.values(byDisclosure)) addCounts(total, counts);
  return { language: options.language, passages: passages.length, byDisclosure, total, errors };
}

function toLabelled(passage: CorpusPassage, key: DisclosureKey): { text: string; makes: ReadonlySet<DisclosureKey> } {
  return typeof passage === "string"
    ? { text: passage, makes: new Set([key]) }
    : { text: passage.text, makes: new Set([key, ...passage.also]) };
}
