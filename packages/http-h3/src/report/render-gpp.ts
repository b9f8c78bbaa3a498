import { gpcAnswerText, gppOptOutsText, type ReportView } from "@public-scan/core";
import { markup, type SafeHtml } from "./markup.js";
import { toLabel } from "./to-label.js";

type Consent = NonNullable<ReportView["consent"]>;

/**
 * The US privacy signals a page passes on: each phase's IAB GPP and US Privacy strings, decoded (the opt-outs
 * they state, never the strings), and the answer to "did the site honour Global Privacy Control?" with the
 * evidence of each kind beside it.
 */
export function renderGpp(consent: Pick<Consent, "gpp" | "gpcAnswer">): SafeHtml {
  if (consent.gpp === undefined && consent.gpcAnswer === undefined) return markup``;
  const answer = consent.gpcAnswer === undefined ? null : gpcAnswerText(consent.gpcAnswer);
  const rows = (consent.gpp ?? []).map(
    (
      phase,
    ) => markup`<tr data-phase="${phase.phase}"><th scope="row">${toLabel(phase.phase)}</th><td>${phase.signalStatus === null ? "unknown" : toLabel(phase.signalStatus)}</td><td>${
      phase.sections.length === 0 ? "none" : phase.sections.join(", ")
    }</td><td>${gppOptOutsText(phase.optOuts)}</td><td>${phase.cmpSawGpc === null ? "-" : phase.cmpSawGpc ? "Set" : "Not set"}</td></tr>
`,
  );
  return markup`<h3 id="gpp-heading">US privacy strings and Global Privacy Control</h3>
${
  answer === null
    ? markup``
    : markup`<p id="gpc-answer" data-verdict="${consent.gpcAnswer?.verdict ?? ""}"><strong>Global Privacy Control: ${answer.verdict}.</strong> ${answer.evidence.join("; ")}.</p>`
}
${
  rows.length === 0
    ? markup``
    : markup`<p class="muted">What the consent platform told ad tech vendors through the IAB GPP and US Privacy APIs in each phase. The strings themselves are not kept.</p>
<div class="table-wrap" tabindex="0" role="region" aria-labelledby="gpp-caption">
<table id="gpp-table">
<caption id="gpp-caption">GPP and US Privacy strings by phase</caption>
<thead><tr><th scope="col">Phase</th><th scope="col">Signal status</th><th scope="col">GPP sections</th><th scope="col">Opt-outs stated</th><th scope="col">GPC field</th></tr></thead>
<tbody>
${rows}</tbody>
</table>
</div>`
}`;
}
