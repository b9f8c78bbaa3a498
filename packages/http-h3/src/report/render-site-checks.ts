import type { ReportView, SiteCheck, SiteCheckGroup, SiteCheckOutcome } from "@public-scan/core";
import { markup, type SafeHtml } from "./markup.js";

/** The outcome's words and tone: the words carry the meaning, the colour only helps. */
const OUTCOMES: { readonly [Outcome in SiteCheckOutcome]: { label: string; tone: string } } = {
  passed: { label: "Passed", tone: " tone-ok" },
  issue: { label: "Needs a look", tone: " tone-medium" },
  absent: { label: "Not found", tone: "" },
  not_checked: { label: "Not checked", tone: "" },
};

/**
 * Transport and TLS, privacy policy and US privacy signals as checklists, passed checks included: what
 * the scan looked at, not only what the findings flag. A check the scan could not make says "Not checked".
 */
export function renderSiteChecks(view: Pick<ReportView, "checks">): SafeHtml {
  const groups = view.checks ?? [];
  if (groups.length === 0) return markup``;
  return markup`<section id="site-checks" aria-labelledby="site-checks-heading">
<h2 id="site-checks-heading">Site checks</h2>
${groups.map(renderGroup)}
</section>`;
}

function renderGroup(group: SiteCheckGroup): SafeHtml {
  const id = `checks-${group.area.replace(/_/g, "-")}`;
  return markup`<h3 id="${id}">${group.title}</h3>
<p class="muted">${summaryOf(group.checks)}</p>
<ul class="checks" aria-labelledby="${id}">
${group.checks.map(renderCheck)}</ul>
`;
}

function renderCheck(check: SiteCheck): SafeHtml {
  // An outcome this page does not know (a report stored by a newer version) never reads as passed.
  const outcome = (OUTCOMES as Partial<Record<string, (typeof OUTCOMES)[SiteCheckOutcome]>>)[check.outcome] ?? OUTCOMES.not_checked;
  return markup`<li data-check="${check.code}" data-outcome="${check.outcome}"><span class="badge${outcome.tone}">${outcome.label}</span><span>${check.label}${
    check.detail === null ? markup`` : markup`<span class="check-detail">${check.detail}</span>`
  }</span></li>
`;
}

/** "7 passed, 1 needs a look, 2 not checked": the counts, in the order of the outcomes above. */
function summaryOf(checks: readonly SiteCheck[]): string {
  const parts = (Object.keys(OUTCOMES) as SiteCheckOutcome[]).flatMap((outcome) => {
    const count = checks.filter((check) => check.outcome === outcome).length;
    if (count === 0) return [];
    return [`${count} ${outcome === "issue" ? (count === 1 ? "needs a look" : "need a look") : OUTCOMES[outcome].label.toLowerCase()}`];
  });
  return `${parts.join(", ")}.`;
}
