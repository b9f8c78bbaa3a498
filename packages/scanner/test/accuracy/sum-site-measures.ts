import type { EvidencePhase } from "@public-scan/core";
import { addCounts, emptyCounts, type Counts } from "../support/precision-recall.js";
import { SCORED_PHASES, type SiteMeasure } from "./measure-fixture-site.js";
import { EVIDENCE_KINDS, type EvidenceKind } from "./phase-evidence.js";
import { LABEL_KINDS, type LabelKind } from "./scored-label.js";

/** One row of the report: how many sites it scores and their counts summed (micro-averaged). */
export interface AccuracyRow {
  sites: number;
  counts: Counts;
}

export interface FixtureAccuracy {
  evidence: Array<AccuracyRow & { phase: EvidencePhase; kind: EvidenceKind }>;
  labels: Array<AccuracyRow & { label: LabelKind }>;
  /** Every error of every site, prefixed with the site, for the test's failure messages. */
  errors: string[];
}

/** Sums the sites' counts per phase and evidence kind, and per label, in a fixed order. */
export function sumSiteMeasures(measures: readonly SiteMeasure[]): FixtureAccuracy {
  const row = (): AccuracyRow => ({ sites: 0, counts: emptyCounts() });
  const evidence = SCORED_PHASES.flatMap((phase) => EVIDENCE_KINDS.map((kind) => ({ phase, kind, ...row() })));
  const labels = LABEL_KINDS.map((label) => ({ label, ...row() }));
  const errors: string[] = [];
  for (const measure of measures) {
    for (const scored of measure.evidence) {
      const target = evidence.find((entry) => entry.phase === scored.phase && entry.kind === scored.kind)!;
      target.sites += 1;
      addCounts(target.counts, scored.counts);
      errors.push(...scored.errors.map((error) => `${measure.site}: ${error}`));
    }
    for (const scored of measure.labels) {
      const target = labels.find((entry) => entry.label === scored.label)!;
      target.sites += 1;
      addCounts(target.counts, scored.counts);
      errors.push(...scored.errors.map((error) => `${measure.site}: ${error}`));
    }
  }
  // A row no site is scored on (services after reject: the ground truth leaves them out) is not reported.
  return { evidence: evidence.filter((entry) => entry.sites > 0), labels: labels.filter((entry) => entry.sites > 0), errors };
}
