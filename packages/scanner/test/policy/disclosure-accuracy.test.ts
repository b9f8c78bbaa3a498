import { beforeAll, describe, expect, it } from "vitest";
import { DISCLOSURE_KEYS, loadPolicyVocabulary, type PolicyVocabulary } from "../../src/policy/policy-vocabulary.js";
import { checkAccuracyDocSection } from "../support/check-accuracy-doc-section.js";
import { precisionOf, recallOf } from "../support/precision-recall.js";
import { DISCLOSURE_CORPUS } from "./disclosure-corpus/index.js";
import { measureDisclosures, type LanguageMeasure } from "./measure-disclosures.js";
import { renderAccuracyTable } from "./render-accuracy-table.js";

/** The figures the checklist must reach in every language, over its whole corpus. */
const MIN_PRECISION = 0.98;
const MIN_RECALL = 0.98;
const MIN_PASSAGES_PER_DISCLOSURE = 5;

let vocabulary: PolicyVocabulary;
const measures: LanguageMeasure[] = [];
beforeAll(async () => {
  vocabulary = await loadPolicyVocabulary();
  for (const [language, corpus] of Object.entries(DISCLOSURE_CORPUS)) measures.push(measureDisclosures({ language, corpus, vocabulary }));
});

describe("the disclosure corpus", () => {
  it("covers every language of the vocabulary, with enough passages for every disclosure", () => {
    expect(Object.keys(DISCLOSURE_CORPUS).sort()).toEqual(Object.keys(vocabulary.links.languages).sort());
    for (const [language, corpus] of Object.entries(DISCLOSURE_CORPUS)) {
      for (const key of DISCLOSURE_KEYS)
        expect(corpus.positives[key].length, `${language} ${key}`).toBeGreaterThanOrEqual(MIN_PASSAGES_PER_DISCLOSURE);
      expect(corpus.negatives.length, `${language} negatives`).toBeGreaterThanOrEqual(MIN_PASSAGES_PER_DISCLOSURE);
    }
  });
});

describe.each(Object.keys(DISCLOSURE_CORPUS))("the disclosure checklist over the %s corpus", (language) => {
  it(`reaches precision ${MIN_PRECISION} and recall ${MIN_RECALL}`, () => {
    const measure = measures.find((entry) => entry.language === language)!;
    // The wrong passages are in the message, so a failure says what to look at.
    const report = { precision: precisionOf(measure.total), recall: recallOf(measure.total), errors: measure.errors };
    expect(report.precision, JSON.stringify(report, null, 2)).toBeGreaterThanOrEqual(MIN_PRECISION);
    expect(report.recall, JSON.stringify(report, null, 2)).toBeGreaterThanOrEqual(MIN_RECALL);
  });
});

describe("docs/accuracy.md", () => {
  /** `UPDATE_ACCURACY=1` rewrites the tables from this run's figures; otherwise the page must show them. */
  it("shows the figures measured on the corpus", async () => {
    await checkAccuracyDocSection({ section: "disclosure-accuracy", measured: renderAccuracyTable(measures) });
  });
});
