import type { PreConsentRow, ReportView } from "@public-scan/core";
import { markup, type SafeHtml } from "./markup.js";
import { renderOptional } from "./render-optional.js";
import { toLabel } from "./to-label.js";

/** The row fields a reviewer can filter and group by; each is a data- attribute of every row. */
export const TABLE_FACETS = [
  { field: "kind", label: "Kind", all: "All kinds" },
  { field: "vendor", label: "Vendor", all: "All vendors" },
  { field: "party", label: "Party", all: "All parties" },
  { field: "purpose", label: "Purpose", all: "All purposes" },
] as const;

type Facet = (typeof TABLE_FACETS)[number];

/**
 * The complete pre-consent table, rendered in full on the server so it reads without scripts. The filter
 * and group-by controls start hidden and are shown by the page script, which is the only thing they need.
 */
export function renderPreConsentTable(view: Pick<ReportView, "table" | "phases">): SafeHtml {
  const { summary, rows } = view.table;
  const observed = view.phases.some((phase) => phase.phase === "pre_consent" && phase.status === "observed");
  return markup`<section id="pre-consent" aria-labelledby="pre-consent-heading">
<h2 id="pre-consent-heading">Cookies, storage and trackers before consent</h2>
<dl class="counts" id="pre-consent-counts">
<div><dt>Rows</dt><dd data-count="rows">${summary.rowCount}</dd></div>
<div><dt>Tracker hosts</dt><dd data-count="trackers">${summary.trackerCount}</dd></div>
<div><dt>Cookies</dt><dd data-count="cookies">${summary.cookieCount}</dd></div>
<div><dt>Storage keys</dt><dd data-count="storage">${summary.storageCount}</dd></div>
<div><dt>Tracker requests</dt><dd data-count="requests">${summary.requestCount}</dd></div>
</dl>
${rows.length === 0 ? renderEmpty(observed) : renderTable(rows)}
</section>`;
}

function renderEmpty(observed: boolean): SafeHtml {
  return observed
    ? markup`<p id="no-rows">No cookies, storage keys or tracker hosts were observed before consent in this visit. \
Missing evidence is not proof of absence.</p>`
    : markup`<p id="no-rows">The pre-consent phase was not run, so there are no rows. This is not a result of "nothing found".</p>`;
}

function renderTable(rows: readonly PreConsentRow[]): SafeHtml {
  const groupOptions = TABLE_FACETS.map((facet) => markup`<option value="${facet.field}">${facet.label}</option>`);
  return markup`<div class="table-controls" id="table-controls" hidden>
${TABLE_FACETS.map((facet) => renderFilter({ facet, rows }))}<div class="control"><label for="group-by">Group by</label><select id="group-by">
<option value="">No grouping</option>
${groupOptions}
</select></div>
<div class="control"><button type="button" id="reset-table">Reset filters</button></div>
</div>
<p class="table-status" id="table-status" role="status">Showing all ${rows.length} rows.</p>
<div class="table-wrap" tabindex="0" role="region" aria-labelledby="pre-consent-caption">
<table id="pre-consent-table">
<caption id="pre-consent-caption">Everything observed before any consent interaction (${rows.length} rows). \
Names and hosts only, never values.</caption>
<thead><tr><th scope="col">Kind</th><th scope="col">Name</th><th scope="col">Vendor</th><th scope="col">Host</th>\
<th scope="col">Purpose</th><th scope="col">Party</th><th scope="col" class="number">Priority</th>\
<th scope="col" class="number">Requests</th></tr></thead>
<tbody>
${rows.map(renderRow)}</tbody>
</table>
</div>`;
}

function renderRow(row: PreConsentRow): SafeHtml {
  return markup`<tr data-row data-kind="${row.kind}" data-vendor="${row.vendor}" data-party="${row.party}" data-purpose="${row.purpose}">\
<td>${toLabel(row.kind)}</td><td>${renderOptional(row.name)}</td><td>${row.vendor}</td><td>${row.host}</td>\
<td>${toLabel(row.purpose)}</td><td>${toLabel(row.party)}</td><td class="number">${row.priority}</td>\
<td class="number">${renderOptional(row.requestCount)}</td></tr>
`;
}

/** A filter's options: every value the rows have, with its row count, in a stable (alphabetical) order. */
function renderFilter(options: { facet: Facet; rows: readonly PreConsentRow[] }): SafeHtml {
  const { facet, rows } = options;
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row[facet.field], (counts.get(row[facet.field]) ?? 0) + 1);
  const label = (value: string) => (facet.field === "vendor" ? value : toLabel(value));
  const values = [...counts.keys()].sort((a, b) => label(a).localeCompare(label(b), "en"));
  const id = `filter-${facet.field}`;
  const choices = values.map(
    (value) => markup`<option value="${value}" data-label="${label(value)}">${label(value)} (${counts.get(value) ?? 0})</option>\n`,
  );
  return markup`<div class="control"><label for="${id}">${facet.label}</label><select id="${id}" data-filter="${facet.field}">
<option value="">${facet.all}</option>
${choices}</select></div>
`;
}
