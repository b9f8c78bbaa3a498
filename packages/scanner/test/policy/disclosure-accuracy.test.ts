import { readFile, writeFile } from "node:fs/promises";
import { format, resolveConfig } from "prettier";
import { beforeAll, describe, expect, it } from "vitest";
import { DISCLOSURE_KEYS, loadPolicyVocabulary, type PolicyVocabulary } from "../../src/policy/policy-vocabulary.js";
import { DISCLOSURE_CORPUS } from "./disclosure-corpus/index.js";
import { measureDisclosures, precisionOf, recallOf, type LanguageMeasure } from "./measure-disclosures.js";
import { renderAccuracyTable } from "./render-accuracy-table.js";

/** The figures the checklist must reach in every language, over its whole corpus. */
const MIN_PRECISION = 0.98;
const MIN_RECALL = 0.98;
const MIN_PASSAGES_PER_DISCLOSURE = 5;

const ACCURACY_DOC = new URL("../../../../docs/accuracy.md", import.meta.url);
const SECTION_START = "<!-- disclosure-accuracy:start -->";
const SECTION_END = "<!-- disclosure-accuracy:end -->";

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

/** A markdown table's cells, so the page compares equal however prettier aligned its columns. */
const cellsOf = (table: string) =>
  table
    .trim()
    .split("\n")
    .map((row) => row.split("|").map((cell) => cell.trim().replace(/^-{3,}(:?)$/, "---$1")));

describe("docs/accuracy.md", () => {
  /** `UPDATE_ACCURACY=1` rewrites the tables from this run's figures; otherwise the page must show them. */
  it("shows the figures measured on the corpus", async () => {
    const measured = renderAccuracyTable(measures);
    const page = await readFile(ACCURACY_DOC, "utf8");
    const start = page.indexOf(SECTION_START);
    const end = page.indexOf(SECTION_END);
    expect(start, `docs/accuracy.md has no ${SECTION_START} ... ${SECTION_END} section`).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const shown = page.slice(start + SECTION_START.length, end);
    if (process.env.UPDATE_ACCURACY === "1") {
      const updated = `${page.slice(0, start + SECTION_START.length)}\n\n${measured}\n\n${page.slice(end)}`;
      const options = await resolveConfig(ACCURACY_DOC);
      await writeFile(ACCURACY_DOC, await format(updated, { ...options, parser: "markdown" }));
    } else expect(cellsOf(shown), "docs/accuracy.md is out of date: run the test with UPDATE_ACCURACY=1").toEqual(cellsOf(measured));
  });
});
