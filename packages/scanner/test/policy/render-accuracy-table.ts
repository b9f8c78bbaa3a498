import { DISCLOSURE_KEYS } from "../../src/policy/policy-vocabulary.js";
import { precisionOf, recallOf } from "../support/precision-recall.js";
import type { LanguageMeasure } from "./measure-disclosures.js";

const figure = (value: number) => value.toFixed(2);

/**
 * The measured figures as the markdown docs/accuracy.md shows: one row per language (micro-averaged over the
 * twelve disclosures), then precision/recall per disclosure and language.
 */
export function renderAccuracyTable(measures: readonly LanguageMeasure[]): string {
  const summary = [
    "| Language | Passages | Disclosures present | Found right | Found wrongly | Missed | Precision | Recall |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...measures.map(({ language, passages, total }) =>
      [
        language,
        passages,
        total.truePositives + total.falseNegatives,
        total.truePositives,
        total.falsePositives,
        total.falseNegatives,
        figure(precisionOf(total)),
        figure(recallOf(total)),
      ].join(" | "),
    ),
  ].map((row) => (row.startsWith("|") ? row : `| ${row} |`));
  const detail = [
    `| Disclosure (precision / recall) | ${measures.map((measure) => measure.language).join(" | ")} |`,
    `| --- | ${measures.map(() => "---:").join(" | ")} |`,
    ...DISCLOSURE_KEYS.map(
      (key) =>
        `| ${key} | ${measures.map(({ byDisclosure }) => `${figure(precisionOf(byDisclosure[key]))} / ${figure(recallOf(byDisclosure[key]))}`).join(" | ")} |`,
    ),
  ];
  return [...summary, "", ...detail].join("\n");
}
