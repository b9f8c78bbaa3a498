import type { ScoreReading } from "../contract/index.js";

const RULE = { eu_opt_in: "the EU opt-in rule", us_opt_out: "the US opt-out rule" } as const;

/**
 * The reading a score follows, in one sentence for people (the report page, the terminal report), with the
 * other regime's score beside it: "Read under the US opt-out rule; under the EU opt-in rule: 0/100
 * (priority review)." Null when the scan was not assessed or the reading is unknown (an older server).
 */
export function describeScoreReading(reading: ScoreReading | undefined): string | null {
  if (reading === undefined || reading.readings.length === 0) return null;
  const others = reading.readings.filter((entry) => entry.regime !== reading.lens);
  const scores = others.map((entry) => `under ${RULE[entry.regime]}: ${entry.score}/100 (${entry.riskLevel.replaceAll("_", " ")})`);
  const lens = reading.lens === "combined" ? "Every finding counts (no single legal reading)" : `Read under ${RULE[reading.lens]}`;
  return `${lens}; ${scores.join("; ")}.`;
}
