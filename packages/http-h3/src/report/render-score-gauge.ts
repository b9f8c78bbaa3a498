import type { ReportView, RiskLevel, ScoreBreakdown } from "@public-scan/core";
import { markup, type SafeHtml } from "./markup.js";
import { toLabel } from "./to-label.js";

/** Presentation tone of each risk band (the words carry the meaning; colour only repeats it). */
const BAND_TONES: Readonly<Record<RiskLevel, string>> = {
  informational: "ok",
  review_suggested: "low",
  review_recommended: "medium",
  priority_review: "high",
  not_assessed: "info",
};

/**
 * The score on a bar of the rubric's risk bands, as inline SVG (no script, no external asset, no style
 * attribute, so the strict policy holds; colours come from the page's style sheet, dark mode included),
 * and how the score was reached: 100, less each criticality's deductions, shown as 0 when they pass 100.
 */
export function renderScoreGauge(view: Pick<ReportView, "scan" | "scoreBreakdown">): SafeHtml {
  const breakdown = view.scoreBreakdown;
  if (breakdown === null) return markup``;
  const score = view.scan.score;
  // Bands from the rubric, drawn low to high on a 0..100 axis.
  const bands = [...breakdown.bands].reverse().map((band, index, all) => {
    const end = index === all.length - 1 ? 100 : all[index + 1]!.minScore;
    return markup`<rect class="band band-${BAND_TONES[band.level]}" x="${band.minScore}" y="3" width="${end - band.minScore}" height="5"><title>${toLabel(band.level)}: ${band.minScore} to ${end === 100 ? 100 : end - 1}</title></rect>`;
  });
  const band = breakdown.bands.find((candidate) => score >= candidate.minScore)!;
  return markup`<figure class="gauge" id="score-gauge">
<svg viewBox="-3 0 106 13" role="img" aria-labelledby="score-gauge-label" focusable="false">
<title id="score-gauge-label">Score ${score} of 100, in the ${toLabel(band.level)} band</title>
${bands}
<polygon class="marker" points="${score - 2},0 ${score + 2},0 ${score},3"/>
<rect class="marker" x="${score - 0.4}" y="2.5" width="0.8" height="6"/>
<text class="axis" x="0" y="12.5">0</text><text class="axis" x="100" y="12.5" text-anchor="end">100</text>
</svg>
<figcaption>${renderBreakdown(breakdown)}</figcaption>
</figure>`;
}

function renderBreakdown(breakdown: ScoreBreakdown): SafeHtml {
  const steps = breakdown.deductions.map(
    (row) =>
      markup`<li>${row.findings} ${toLabel(row.criticality).toLowerCase()} finding${row.findings === 1 ? "" : "s"}: <span class="points">−${row.points}</span></li>`,
  );
  const result =
    breakdown.unclamped < 0
      ? markup`<li class="result">−${-breakdown.unclamped}, shown as <strong>0</strong> (the score never goes below 0)</li>`
      : markup`<li class="result">Score <strong>${breakdown.score}</strong></li>`;
  return markup`<p class="muted">How the score was reached (<a href="#findings">the findings</a> deduct points by criticality):</p>
<ol class="breakdown" id="score-breakdown"><li>Start at 100</li>${steps}${result}</ol>`;
}
