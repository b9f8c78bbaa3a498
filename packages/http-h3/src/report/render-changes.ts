import type { ChangedFinding, ChangedRow, PhaseChanges, ReportView } from "@public-scan/core";
import { markup, type SafeHtml } from "./markup.js";
import { renderTimestamp } from "./render-optional.js";
import { toLabel, toneOf } from "./to-label.js";

/** Rows shown per phase: a site that swapped its whole tag set stays readable; the API has every row. */
const ROWS_SHOWN = 40;

const NOT_COMPARED: Readonly<Record<NonNullable<PhaseChanges["reason"]>, string>> = {
  not_completed_before: "the previous scan did not complete it",
  not_completed_now: "this scan did not complete it",
  not_completed_in_either: "neither scan completed it",
};

/**
 * "Since the last scan": what changed against the target's previous scan (the same URL and region), the
 * headlines first, then the score, the findings and each phase's rows that started or stopped. A phase
 * either scan did not complete is named as not compared, never shown as things that stopped.
 */
export function renderChanges(view: Pick<ReportView, "changes">): SafeHtml {
  if (view.changes === undefined) return markup``;
  const { since, changes } = view.changes;
  const { score, riskLevel, coverage, findings } = changes;
  const delta = score.delta === 0 ? "no change" : score.delta > 0 ? `+${score.delta}` : `−${-score.delta}`;
  return markup`<section id="changes" aria-labelledby="changes-heading">
<h2 id="changes-heading">Since the last scan</h2>
<p class="muted">Compared with the previous scan of this URL from the same region, completed ${renderTimestamp(since.completedAt)}.</p>
${
  changes.headlines.length === 0
    ? markup`<p class="no-change">No change that matters: the same trackers, cookies and findings where both scans looked.</p>`
    : markup`<ul class="change-headlines">${changes.headlines.map((headline) => markup`<li>${headline}</li>`)}</ul>`
}
<dl class="facts change-summary">
<dt>Score</dt><dd>${String(score.before)} → ${String(score.after)} (${delta})</dd>
<dt>Risk</dt><dd>${toLabel(riskLevel.before)} → ${toLabel(riskLevel.after)}</dd>
<dt>Coverage</dt><dd>${toLabel(coverage.before)} → ${toLabel(coverage.after)}${
    coverage.comparable
      ? markup``
      : markup` <span class="muted">(the scans looked at different things: absences are not read as changes)</span>`
  }</dd>
</dl>
${renderFindingChanges("New findings", findings.new)}
${renderFindingChanges("Resolved findings", findings.resolved)}
${renderFindingChanges("Not seen, but not comparable", findings.notComparable)}
${changes.phases.map(renderPhaseChanges)}
</section>`;
}

function renderFindingChanges(title: string, items: readonly ChangedFinding[]): SafeHtml {
  if (items.length === 0) return markup``;
  return markup`<h3>${title} (${String(items.length)})</h3>
<ul class="changed-findings">${items.map(
    (item) =>
      markup`<li data-finding="${item.id}"><span class="badge tone-${toneOf(item.criticality)}">${toLabel(item.criticality)}</span> ${item.label}${
        item.phase === null ? markup`` : markup` <span class="muted">(${toLabel(item.phase)})</span>`
      }</li>`,
  )}</ul>`;
}

function renderPhaseChanges(phase: PhaseChanges): SafeHtml {
  const title = toLabel(phase.phase);
  // A phase neither scan ran is not part of either: nothing to say about it.
  if (phase.reason === "not_completed_in_either") return markup``;
  if (!phase.comparable) {
    const why = phase.reason === null ? "" : `: ${NOT_COMPARED[phase.reason]}`;
    return markup`<p class="phase-not-compared" data-phase="${phase.phase}">${title}: not compared${why}.</p>`;
  }
  const rows = [...phase.started.map((row) => ({ change: "Started", row })), ...phase.stopped.map((row) => ({ change: "Stopped", row }))];
  if (rows.length === 0) return markup``;
  const id = `changes-${phase.phase.replace(/_/g, "-")}`;
  const shown = rows.slice(0, ROWS_SHOWN);
  return markup`<h3 id="${id}-heading">${title}: ${String(phase.started.length)} started, ${String(phase.stopped.length)} stopped</h3>
<div class="table-wrap" tabindex="0" role="region" aria-labelledby="${id}-heading">
<table id="${id}">
<thead><tr><th scope="col">Change</th><th scope="col">Kind</th><th scope="col">Vendor</th><th scope="col">Host</th><th scope="col">Name</th><th scope="col">Purpose</th></tr></thead>
<tbody>
${shown.map(({ change, row }) => renderRow(change, row))}</tbody>
</table>
</div>
${
  rows.length > shown.length
    ? markup`<p class="muted">${String(rows.length - shown.length)} more rows: the changes resource of the API lists every one.</p>`
    : markup``
}`;
}

function renderRow(change: string, row: ChangedRow): SafeHtml {
  return markup`<tr data-fingerprint="${row.fingerprint}"><td>${change}</td><td>${toLabel(row.kind)}</td><td>${row.vendor}</td><td>${row.host}</td><td>${
    row.name ?? "-"
  }</td><td>${toLabel(row.purpose)}</td></tr>
`;
}
