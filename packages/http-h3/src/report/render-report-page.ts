import { type ReportView } from "@public-scan/core";
import { markup } from "./markup.js";
import { renderChanges } from "./render-changes.js";
import { renderDisclaimer, DEFAULT_SERVICE_NAME, renderDocument, type PageOptions, type RenderedPage } from "./render-document.js";
import { renderFindings, sharedCaveats } from "./render-findings.js";
import { renderPhases } from "./render-phases.js";
import { renderPreConsentTable } from "./render-pre-consent-table.js";
import { renderScanOverview } from "./render-scan-overview.js";
import { renderSiteChecks } from "./render-site-checks.js";
import { renderVendorPhases } from "./render-vendor-phases.js";
import { renderVisitTimeline } from "./render-visit-timeline.js";
import { REPORT_SCRIPT } from "./report-script.js";

export type ReportPageOptions = PageOptions;

const SECTIONS = [
  { id: "overview", label: "Overview" },
  { id: "changes", label: "Since the last scan" },
  { id: "consent-matrix", label: "What consent changes" },
  { id: "visit-timeline", label: "Timeline" },
  { id: "findings", label: "Findings" },
  { id: "pre-consent", label: "Before consent" },
  { id: "site-checks", label: "Site checks" },
  { id: "phases", label: "Phases" },
  { id: "caveats", label: "Caveats" },
  { id: "api", label: "For API clients" },
] as const;

/**
 * The human report page of a completed scan: everything in the view, readable without scripts, with the
 * Content-Security-Policy to send with it. The scanned URL is shown as text, never as a link.
 */
export function renderReportPage(view: ReportView, options: ReportPageOptions = {}): RenderedPage {
  const { scan, links } = view;
  // A section the scan has nothing for (no site checks or timeline in older reports) has no entry either.
  const absent = new Set<string>([
    ...((view.checks ?? []).length === 0 ? ["site-checks"] : []),
    ...(view.timeline === undefined ? ["visit-timeline"] : []),
    ...(view.changes === undefined ? ["changes"] : []),
  ]);
  const toc = SECTIONS.filter((section) => !absent.has(section.id)).map(
    (section) => markup`<li><a href="#${section.id}">${section.label}</a></li>`,
  );
  const shared = sharedCaveats(view.findings);
  const caveats = [...new Set([...view.caveats, ...shared])];
  const body = markup`<header>
<p class="eyebrow">${options.serviceName ?? DEFAULT_SERVICE_NAME} · scan report</p>
<h1>Privacy scan report: ${scan.domain}</h1>
<p>Scanned URL: <code id="scanned-url">${scan.url}</code></p>
<nav class="toc" aria-label="Sections"><ul>${toc}</ul></nav>
</header>
<main id="main">
${renderDisclaimer(view.disclaimer)}
${renderScanOverview(view)}
${renderChanges(view)}
${renderVendorPhases(view)}
${renderVisitTimeline(view)}
${renderFindings(view, shared)}
${renderPreConsentTable(view)}
${renderSiteChecks(view)}
${renderPhases(view)}
<section id="caveats" aria-labelledby="caveats-heading">
<h2 id="caveats-heading">Caveats</h2>
<ul>${caveats.map((caveat) => markup`<li>${caveat}</li>`)}</ul>
</section>
<section id="api" aria-labelledby="api-heading">
<h2 id="api-heading">For API clients</h2>
<p>The same results as JSON resources of the REST API, read with an API key that has <code>scan:read</code> \
(a reader of this page without one gets 401 there):</p>
<ul class="api-links">
<li>Scan: <code>${links.scan}</code></li>
<li>Findings: <code>${links.findings}</code></li>
<li>Pulse summary: <code>${links.pulse}</code></li>
<li>Pre-consent cookies, storage and trackers: <code>${links.preConsentCookiesTrackers}</code></li>
</ul>
</section>
</main>
<footer>
<p>${view.disclaimer}</p>
</footer>`;
  return renderDocument({ ...options, title: `Report for ${scan.domain}`, body, script: REPORT_SCRIPT });
}
