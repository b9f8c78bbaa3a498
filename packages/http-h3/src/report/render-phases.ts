import {
  bannerPlacementText,
  choiceTogglesText,
  buttonDesignText,
  cmpDisplayName,
  consentModeStatesText,
  hostListText,
  lifetimeText,
  purposeListText,
  type PhaseRow,
  type ReportView,
} from "@public-scan/core";
import { markup, type SafeHtml } from "./markup.js";
import { renderGpp } from "./render-gpp.js";
import { toLabel } from "./to-label.js";

/**
 * The observation phases, each "Observed" or "Not run" exactly as the view says. A phase that did not run
 * is never shown as empty or clean: it simply has no evidence in this report.
 */
export function renderPhases(view: Pick<ReportView, "phases" | "consent" | "phaseRows">): SafeHtml {
  const items = view.phases.map((phase) => {
    const observed = phase.status === "observed";
    const badge = observed ? markup`<span class="badge tone-ok">Observed</span>` : markup`<span class="badge">Not run</span>`;
    // Before consent is the pre-consent table above; the later phases have their own.
    const rows = observed && phase.phase !== "pre_consent" ? view.phaseRows?.[phase.phase] : undefined;
    return markup`<li data-phase="${phase.phase}" data-status="${phase.status}"><span class="phase-name">${toLabel(phase.phase)}</span> ${badge}
<p>${phase.note}</p>${
      rows !== undefined
        ? renderPhaseTable(phase.phase, rows)
        : observed && phase.phase === "pre_consent"
          ? markup`<p><a href="#pre-consent">Its cookies, storage and trackers</a> are the pre-consent table.</p>`
          : markup``
    }</li>
`;
  });
  return markup`<section id="phases" aria-labelledby="phases-heading">
<h2 id="phases-heading">Phases</h2>
<p class="muted">"Not run" means this scan did not include the phase: it says nothing about what that phase would show.</p>
<ul class="phases">
${items}</ul>
${renderConsentSummary(view.consent)}
</section>`;
}

/**
 * One phase's cookies, storage keys, trackers and services, folded under a summary of its counts: with the
 * cookie's lifetime, who set it (the host), its party, and whether the phase added it.
 */
function renderPhaseTable(phase: string, rows: readonly PhaseRow[]): SafeHtml {
  const count = (kind: PhaseRow["kind"]) => rows.filter((row) => row.kind === kind).length;
  const added = rows.filter((row) => row.newInPhase).length;
  const summary = `${count("cookie")} cookies, ${count("storage")} storage keys, ${count("tracker")} tracker hosts, ${count("service")} services (${added} not seen before consent)`;
  if (rows.length === 0)
    return markup`<p class="muted">Nothing was set or contacted in this phase. Missing evidence is not proof of absence.</p>`;
  const id = `phase-table-${phase.replace(/_/g, "-")}`;
  return markup`<details class="phase-rows"><summary>${summary}</summary>
<div class="table-wrap" tabindex="0" role="region" aria-labelledby="${id}-caption">
<table id="${id}">
<caption id="${id}-caption" class="visually-hidden">${toLabel(phase)}: ${summary}</caption>
<thead><tr><th scope="col">Kind</th><th scope="col">Name</th><th scope="col">Vendor</th><th scope="col">Set by</th><th scope="col">Party</th><th scope="col">Purpose</th><th scope="col">Lifetime</th><th scope="col">Requests</th><th scope="col">New</th></tr></thead>
<tbody>
${rows.map(
  (
    row,
  ) => markup`<tr${row.newInPhase ? markup` class="new-in-phase"` : markup``}><td>${toLabel(row.kind)}</td><td>${row.name ?? "-"}</td><td>${row.vendor}</td><td>${row.host}</td><td>${
    row.party === "first_party" ? "First" : "Third"
  }</td><td>${toLabel(row.purpose)}</td><td>${row.kind === "cookie" ? lifetimeText(row.lifetimeSeconds) : "-"}</td><td>${
    row.requestCount === null ? "-" : String(row.requestCount)
  }</td><td>${row.newInPhase ? "New" : "-"}</td></tr>
`,
)}</tbody>
</table>
</div>
</details>`;
}

const outcome = (action: { outcome: string; reason: string | null } | null) =>
  action === null ? "Not recorded" : `${toLabel(action.outcome)}${action.reason === null ? "" : ` (${toLabel(action.reason)})`}`;

/** The consent banner as the scan met it, and what using its reject and accept options did. */
export function renderConsentSummary(consent: ReportView["consent"]): SafeHtml {
  if (consent === undefined) return markup``;
  return markup`<h3 id="consent-heading">Consent banner</h3>
<dl class="consent-summary" aria-labelledby="consent-heading">
<dt>Consent platform</dt><dd>${consent.cmp === null ? "None recognised" : consent.cmp === "heuristic" ? "Not a known platform (found by its buttons)" : cmpDisplayName(consent.cmp)}</dd>
<dt>First layer</dt><dd>${toLabel(consent.classification)}</dd>
<dt>Reject</dt><dd>${outcome(consent.reject)}</dd>
<dt>Accept</dt><dd>${outcome(consent.accept)}</dd>
${
  consent.bannerDesign === undefined
    ? markup``
    : markup`<dt>Banner</dt><dd class="banner-placement">${bannerPlacementText(consent.bannerDesign)}</dd>
<dt>Accept button</dt><dd class="banner-accept">${buttonDesignText(consent.bannerDesign.accept)}</dd>
<dt>Reject button</dt><dd class="banner-reject">${buttonDesignText(consent.bannerDesign.reject)}</dd>
`
}
${
  consent.choiceToggles === undefined
    ? markup``
    : markup`<dt>Choice toggles</dt><dd class="choice-toggles">${choiceTogglesText(consent.choiceToggles)}</dd>
`
}
${consent.gpc === undefined ? markup`` : renderGpc(consent.gpc)}</dl>
${consent.consentMode === undefined ? markup`` : renderConsentMode(consent.consentMode)}
${consent.tcf === undefined ? markup`` : renderTcf(consent.tcf)}
${renderGpp(consent)}`;
}

type GpcComparison = NonNullable<NonNullable<ReportView["consent"]>["gpc"]>;

/** Which pre-consent trackers the Global Privacy Control signal stopped, and which still fired. */
function renderGpc(gpc: GpcComparison): SafeHtml {
  const hosts = (refs: GpcComparison["stopped"]) =>
    refs.length === 0 ? "None" : refs.map((ref) => (ref.vendor === null ? ref.host : `${ref.vendor} (${ref.host})`)).join(", ");
  return markup`<dt>Under Global Privacy Control: stopped</dt><dd class="gpc-stopped">${hosts(gpc.stopped)}</dd>
<dt>Under Global Privacy Control: still fired</dt><dd class="gpc-still-fired">${hosts(gpc.stillFired)}</dd>
${
  gpc.onlyWithGpc.length === 0
    ? markup``
    : markup`<dt>Under Global Privacy Control only</dt><dd class="gpc-only">${hosts(gpc.onlyWithGpc)}</dd>
`
}`;
}

type ConsentModeSummary = NonNullable<NonNullable<ReportView["consent"]>["consentMode"]>;

/**
 * Google Consent Mode in each completed phase: what the page's consent commands declared, and which Google
 * hosts got hits with storage denied (cookieless pings), with storage granted, or with no consent mode; then
 * both readings of the cookieless pings before consent, neither hidden.
 */
function renderConsentMode(summary: ConsentModeSummary): SafeHtml {
  const rows = summary.phases.map(
    (phase) => markup`<tr data-phase="${phase.phase}"><th scope="row">${toLabel(phase.phase)}</th><td>${
      phase.declared === null ? "No consent command" : consentModeStatesText(phase.declared)
    }</td><td>${hostListText(phase.hits.deniedPings)}</td><td>${hostListText(phase.hits.granted)}</td><td>${hostListText(phase.hits.withoutConsentMode)}</td></tr>
`,
  );
  const cookieless = summary.cookielessOnlyHosts;
  return markup`<h3 id="consent-mode-heading">Google Consent Mode</h3>
<p class="muted">What the page declared to Google's tags (its consent commands, for a visitor in the EEA, the UK or Switzerland) and the consent state each Google request carried.</p>
<div class="table-wrap" tabindex="0" role="region" aria-labelledby="consent-mode-caption">
<table id="consent-mode-table">
<caption id="consent-mode-caption">Google Consent Mode by phase</caption>
<thead><tr><th scope="col">Phase</th><th scope="col">Declared</th><th scope="col">Storage denied (cookieless pings)</th><th scope="col">Storage granted</th><th scope="col">No consent mode</th></tr></thead>
<tbody>
${rows}</tbody>
</table>
</div>
${
  cookieless.length === 0
    ? markup``
    : markup`<p id="consent-mode-readings">Before consent, ${hostListText(cookieless)} received only pings with storage denied. Read strictly, these are contacts with a tracker before consent, and the findings count them so; read permissively, they are cookieless measurement.</p>`
}`;
}

type TcfPhases = NonNullable<NonNullable<ReportView["consent"]>["tcf"]>;

/**
 * Each phase's IAB TCF TC string, decoded: its status, the purposes it grants by consent and claims under
 * legitimate interest (those TCF 2.2 reserves for consent said so), and how many vendors.
 */
function renderTcf(phases: TcfPhases): SafeHtml {
  const rows = phases.map((phase) => {
    const disallowed =
      phase.disallowedLegitimateInterestIds.length === 0
        ? markup``
        : markup` <strong class="tcf-not-allowed">(${purposeListText(phase.disallowedLegitimateInterestIds)} not allowed under TCF 2.2)</strong>`;
    return markup`<tr data-phase="${phase.phase}"><th scope="row">${toLabel(phase.phase)}</th><td>${phase.eventStatus ?? "unknown"}</td><td>${purposeListText(phase.purposeConsentIds)}</td><td>${purposeListText(phase.purposeLegitimateInterestIds)}${disallowed}</td><td>${phase.vendorConsents} / ${phase.vendorLegitimateInterests}</td><td>${phase.vendorsDisclosed === null ? "not said" : String(phase.vendorsDisclosed)}</td></tr>
`;
  });
  return markup`<h3 id="tcf-heading">IAB TCF consent string</h3>
<p class="muted">What the consent platform told ad tech vendors through the TCF API in each phase (CMP ${phases[0]!.cmpId}, policy version ${phases[0]!.tcfPolicyVersion}): purposes by number, vendors by count. The string itself is not kept.</p>
<div class="table-wrap" tabindex="0" role="region" aria-labelledby="tcf-caption">
<table id="tcf-table">
<caption id="tcf-caption">TC string by phase</caption>
<thead><tr><th scope="col">Phase</th><th scope="col">Status</th><th scope="col">Purposes by consent</th><th scope="col">Purposes by legitimate interest</th><th scope="col">Vendors (consent / legitimate interest)</th><th scope="col">Vendors asked about</th></tr></thead>
<tbody>
${rows}</tbody>
</table>
</div>
${renderTcfVendorNames(phases)}`;
}

/** The vendors of each phase's string by name, when the operator supplied a Global Vendor List. */
function renderTcfVendorNames(phases: TcfPhases): SafeHtml {
  const named = phases.filter((phase) => phase.vendorNames !== null);
  if (named.length === 0) return markup``;
  const list = (names: readonly string[], total: number) =>
    names.length === 0 ? "none" : `${names.join(", ")}${total > names.length ? ` and ${total - names.length} more` : ""}`;
  return markup`<details id="tcf-vendor-names"><summary>Vendors by name (the operator's Global Vendor List, version ${String(named[0]!.vendorNames!.vendorListVersion)})</summary>
<dl>
${named.map(
  (
    phase,
  ) => markup`<dt>${toLabel(phase.phase)}</dt><dd>By consent: ${list(phase.vendorNames!.consent, phase.vendorConsents)}. By legitimate interest: ${list(phase.vendorNames!.legitimateInterest, phase.vendorLegitimateInterests)}.</dd>
`,
)}</dl>
</details>`;
}
