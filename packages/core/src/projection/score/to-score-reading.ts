import { REGIMES, type ScoreLens, type ScoreReading } from "../../contract/index.js";
import { countsUnder } from "../findings/finding-regimes.js";
import type { Finding } from "../findings/to-findings.js";
import { toScore } from "./to-score.js";

/** The score and risk of the findings that count under `lens`, by the same rubric. */
export function toLensScore(findings: readonly Finding[], lens: ScoreLens): ReturnType<typeof toScore> {
  return toScore(findings.filter((finding) => countsUnder(finding.id, lens)));
}

/**
 * Which reading a scan's score follows, and each regime's reading of the same findings, so the other
 * reading stays available whichever one the headline uses. A scan that was not assessed has no readings.
 */
export function toScoreReading(input: { findings: readonly Finding[]; lens: ScoreLens; assessed: boolean }): ScoreReading {
  return {
    lens: input.lens,
    readings: input.assessed
      ? REGIMES.map((regime) => ({
          regime,
          ...toLensScore(input.findings, regime),
          findingsCounted: input.findings.filter((finding) => countsUnder(finding.id, regime)).length,
        }))
      : [],
  };
}
