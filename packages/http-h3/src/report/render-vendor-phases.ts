import { EVIDENCE_PHASES, vendorPhaseCellText, type ReportView, type VendorPhaseCell } from "@public-scan/core";
import { markup, type SafeHtml } from "./markup.js";
import { toLabel } from "./to-label.js";

/** Column headings: short enough for a phone's width. */
const PHASE_HEADINGS: Readonly<Record<(typeof EVIDENCE_PHASES)[number], string>> = {
  pre_consent: "Before consent",
  after_reject: "After reject",
  reject_next_page: "Next page (reject)",
  after_accept: "After accept",
  accept_next_page: "Next page (accept)",
  gpc: "Under GPC",
};

/**
 * The vendor x phase matrix at the top of the report: for each vendor, what it did before consent, after
 * reject, after accept and under Global Privacy Control. A phase the scan did not complete is a column that
 * says so, never an empty (clean-looking) one. Server-rendered, no script.
 */
export function renderVendorPhases(view: Pick<ReportView, "vendorPhases">): SafeHtml {
  const matrix = view.vendorPhases;
  if (matrix === undefined) return markup``;
  const headings = EVIDENCE_PHASES.map((phase) => {
    const run = matrix.phases.includes(phase);
    return markup`<th scope="col" data-phase="${phase}"${run ? markup`` : markup` class="not-run"`}>${PHASE_HEADINGS[phase]}${
      run ? markup`` : markup`<span class="muted"> (not run)</span>`
    }</th>`;
  });
  const rows = matrix.rows.map(
    (row) => markup`<tr><th scope="row">${row.vendor}</th>${EVIDENCE_PHASES.map((phase) => renderCell(row.phases[phase], phase))}</tr>
`,
  );
  return markup`<section id="consent-matrix" aria-labelledby="consent-matrix-heading">
<h2 id="consent-matrix-heading">What consent changes</h2>
<p class="muted">Each vendor seen in the visit, and what it did in each phase: tracker hosts contacted, cookies and storage keys set.</p>
${
  matrix.rows.length === 0
    ? markup`<p id="no-vendors">No vendor set a cookie or storage key, or was contacted as a tracker, in the phases this scan ran. Missing evidence is not proof of absence.</p>`
    : markup`<div class="table-wrap" tabindex="0" role="region" aria-labelledby="consent-matrix-caption">
<table id="consent-matrix-table" class="matrix">
<caption id="consent-matrix-caption">Vendors by phase (${matrix.rows.length} vendors)</caption>
<thead><tr><th scope="col">Vendor</th>${headings}</tr></thead>
<tbody>
${rows}</tbody>
</table>
</div>`
}
</section>`;
}

function renderCell(cell: VendorPhaseCell | undefined, phase: string): SafeHtml {
  if (cell === undefined) return markup`<td data-phase="${phase}" class="not-run">${toLabel("not_run")}</td>`;
  const text = vendorPhaseCellText(cell);
  if (text === null) return markup`<td data-phase="${phase}" class="quiet">None seen</td>`;
  // Trackers contacted without consent (before it, after reject, under GPC) are what a reviewer looks at first;
  // a cookie there may be the consent choice itself, so cookies alone are not highlighted.
  const tone = cell.trackerHosts > 0 && phase !== "after_accept" ? " tone-medium" : "";
  return markup`<td data-phase="${phase}" class="active${tone}">${text}</td>`;
}
