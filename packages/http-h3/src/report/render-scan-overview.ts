import { describeScoreReading, type ReportView } from "@public-scan/core";
import { markup, type SafeHtml } from "./markup.js";
import { renderTimestamp } from "./render-optional.js";
import { renderScoreGauge } from "./render-score-gauge.js";
import { toLabel, toneOf } from "./to-label.js";

/**
 * Score, risk, headline and the facts a reviewer checks first. A no-go scan shows "Not assessed" instead
 * of its score: the API's 0 there is no rating, and must not read as the worst one.
 */
export function renderScanOverview(view: Pick<ReportView, "scan" | "headline" | "scoreBreakdown">): SafeHtml {
  const { scan } = view;
  const reason = scan.resultDispositionReason;
  const score =
    scan.resultDisposition === "no_go"
      ? markup`<p class="score" id="score"><span class="score-value not-assessed">Not assessed</span></p>
<p class="muted">The page could not be observed, so no score was given (the API's score ${scan.score} is a placeholder, with score status "not assessed").</p>`
      : markup`<p class="score" id="score"><span class="score-value">${scan.score}</span> <span class="muted">/ 100</span></p>`;
  const limitations =
    scan.coverage.limitations.length === 0
      ? null
      : markup`<dt>Limitations</dt><dd><ul id="limitations">${scan.coverage.limitations.map((limitation) => markup`<li>${limitation}</li>`)}</ul></dd>\n`;
  const reading = describeScoreReading(scan.scoreReading);
  const notRecorded = markup`<span class="muted">Not recorded</span>`;
  return markup`<section id="overview" aria-labelledby="overview-heading">
<h2 id="overview-heading">Overview</h2>
<div class="summary">
<div class="score-card">
<p class="muted">Score</p>
${score}
<p id="risk">Risk level: <span class="badge tone-${toneOf(scan.riskLevel)}">${toLabel(scan.riskLevel)}</span></p>
</div>
<p class="headline" id="headline">${view.headline}</p>
</div>
${renderScoreGauge(view)}
${
  reading === null
    ? null
    : markup`<p id="score-reading">${reading}</p>
`
}<p id="coverage"><strong>Coverage: ${toLabel(scan.coverage.status)}.</strong> ${scan.coverage.summary}</p>
<details class="scan-details"${scan.resultDisposition === "no_go" || scan.coverage.status !== "complete" ? markup` open` : markup``}>
<summary>Scan details: status, result, score status, region, times, ID</summary>
<dl class="facts">
<dt>Status</dt><dd id="scan-status">${toLabel(scan.status)}</dd>
<dt>Result</dt><dd id="disposition">${toLabel(scan.resultDisposition)}${reason === null ? null : markup`: ${reason.message} (<code>${reason.code}</code>)`}</dd>
${limitations}<dt>Score status</dt><dd>${toLabel(scan.scoreStatus)} (rubric <code>${scan.scoreVersion}</code>)</dd>
<dt>Scanned from</dt><dd id="scan-from">${scan.scanFrom === "unavailable" ? notRecorded : markup`<code>${scan.scanFrom}</code>`}</dd>
<dt>Started</dt><dd>${renderTimestamp(scan.startedAt)}</dd>
<dt>Completed</dt><dd>${renderTimestamp(scan.completedAt)}</dd>
<dt>Scan time</dt><dd>${scan.scanTimeSeconds === null ? notRecorded : markup`${scan.scanTimeSeconds} s`}</dd>
<dt>Scan ID</dt><dd><code>${scan.scanId}</code></dd>
</dl>
</details>
</section>`;
}
