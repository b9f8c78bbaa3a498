import { CRITICALITY_ORDER, scoreImpactText, type ReportView } from "@public-scan/core";
import { markup, type SafeHtml } from "./markup.js";
import { renderOptional } from "./render-optional.js";
import { toExampleName, toLabel, toneOf } from "./to-label.js";

type ReportFinding = ReportView["findings"][number];

/**
 * Every finding with its metadata, description, how to fix it (its next steps, never folded), what it takes
 * off the score by the rubric, examples (names, hosts and flags only: an example has no value field to
 * show) and caveats. The details of a high finding are open, the others folded
 * (a native disclosure: no script). No findings is said in words that cannot read as a pass.
 */
export function renderFindings(view: Pick<ReportView, "findings" | "scan">, shared: ReadonlySet<string> = new Set()): SafeHtml {
  const { findings } = view;
  const empty =
    view.scan.resultDisposition === "no_go"
      ? "No findings: the page could not be observed, so nothing was assessed. This is not evidence that nothing is there."
      : "No findings came from the observed evidence. Missing evidence is not proof of absence.";
  const content =
    findings.length === 0
      ? markup`<p id="no-findings">${empty}</p>`
      : findings.map((finding, index) => renderFinding({ finding, number: index + 1, shared }));
  return markup`<section id="findings" aria-labelledby="findings-heading">
<h2 id="findings-heading">Findings (${findings.length})</h2>
<p class="muted">Criticality, priority and confidence are service metadata to order a review, not a legal severity.${
    shared.size === 0 ? "" : markup` Caveats that apply to several findings are listed once, under <a href="#caveats">Caveats</a>.`
  }</p>
${content}
</section>`;
}

function renderFinding(options: { finding: ReportFinding; number: number; shared: ReadonlySet<string> }): SafeHtml {
  const { finding, number, shared } = options;
  const id = `finding-${number}`;
  const tone = toneOf(finding.criticality);
  const phase = finding.phase === null ? null : markup`<li class="badge">Phase: ${toLabel(finding.phase)}</li>\n`;
  return markup`
<article class="finding tone-${tone}" id="${id}" data-finding-id="${finding.id}" aria-labelledby="${id}-title">
<h3 id="${id}-title">${finding.label}</h3>
<ul class="badges" aria-label="Finding metadata">
<li class="badge tone-${tone}">Criticality: ${toLabel(finding.criticality)}</li>
<li class="badge">Priority ${finding.priority}</li>
<li class="badge">Confidence: ${toLabel(finding.confidence)}</li>
<li class="badge">Category: ${toLabel(finding.category)}</li>
${phase}</ul>
<p>${finding.description}</p>
${renderList({ title: "How to fix", items: finding.nextSteps })}
${
  // A criticality the rubric does not know (a report from a newer version) has no weight to state.
  CRITICALITY_ORDER.includes(finding.criticality) ? markup`<p class="muted score-impact">${scoreImpactText(finding)}</p>` : markup``
}
<details${finding.criticality === "high" ? markup` open` : markup``}>
<summary>Evidence and caveats</summary>
<p class="muted">Finding code <code>${finding.id}</code> (its rule and weight are in the published scoring rubric)</p>
${renderExamples({ finding, id })}
${renderList({ title: "Caveats", items: finding.caveats.filter((caveat) => !shared.has(caveat)) })}
</details>
</article>`;
}

function renderExamples(options: { finding: ReportFinding; id: string }): SafeHtml {
  const { finding, id } = options;
  const shown = finding.examples.length;
  const total = Math.max(finding.evidence.exampleCount, shown);
  if (shown === 0) return markup`<p class="muted">No examples are listed for this finding.</p>`;
  const caption = shown < total ? `Examples (${shown} of ${total} shown)` : `Examples (${shown})`;
  const labelOrNone = (code: string | null) => renderOptional(code === null ? null : toLabel(code));
  const rows = finding.examples.map(
    (example) =>
      markup`<tr data-example><td>${toLabel(example.kind)}</td><td>${renderOptional(example.name === null ? null : toExampleName(example.kind, example.name))}</td><td>${renderOptional(example.host)}</td>\
<td>${renderOptional(example.vendor)}</td><td>${labelOrNone(example.purpose)}</td><td>${labelOrNone(example.party)}</td>\
<td>${labelOrNone(example.phase)}</td></tr>\n`,
  );
  // The region's name includes the finding, so the many "Examples" regions stay distinguishable.
  return markup`<div class="table-wrap" tabindex="0" role="region" aria-labelledby="${id}-title ${id}-examples">
<table class="examples">
<caption id="${id}-examples">${caption}</caption>
<thead><tr><th scope="col">Kind</th><th scope="col">Name</th><th scope="col">Host</th><th scope="col">Vendor</th>\
<th scope="col">Purpose</th><th scope="col">Party</th><th scope="col">Phase</th></tr></thead>
<tbody>
${rows}</tbody>
</table>
</div>`;
}

function renderList(options: { title: string; items: readonly string[] }): SafeHtml | null {
  if (options.items.length === 0) return null;
  return markup`<h4>${options.title}</h4>
<ul>${options.items.map((item) => markup`<li>${item}</li>`)}</ul>`;
}

/** Caveats that two or more findings share: the page lists them once instead of under each finding. */
export function sharedCaveats(findings: ReportView["findings"]): Set<string> {
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const finding of findings) for (const caveat of new Set(finding.caveats)) (seen.has(caveat) ? shared : seen).add(caveat);
  return shared;
}
