import { PENDING_SCRIPT } from "./pending-script.js";
import { SCAN_PHASES, type ScanJob } from "@public-scan/core";
import { markup } from "./markup.js";
import { renderDisclaimer, DEFAULT_SERVICE_NAME, renderDocument, type PageOptions, type RenderedPage } from "./render-document.js";
import { renderLink, renderTimestamp } from "./render-optional.js";
import { toLabel } from "./to-label.js";

/** Reload bounds: fast enough to feel live, slow enough not to hammer the service. */
export const RELOAD_SECONDS = { min: 2, max: 60 } as const;

/**
 * The page for a scan that has no result yet: status, phase and progress, reloading itself after the job's
 * retry delay (clamped to 2..60 s). With scripts the reload can be paused (an unstoppable timed refresh
 * fails WCAG 2.2.1); without them a `<noscript>` meta refresh reloads. A job that ended without a result
 * (failed, expired) shows its error and does not reload.
 */
export function renderPendingPage(job: ScanJob, options: PageOptions = {}): RenderedPage {
  const ended = job.status === "failed" || job.status === "expired";
  const seconds = Math.min(RELOAD_SECONDS.max, Math.max(RELOAD_SECONDS.min, Math.round(job.retryAfterSeconds)));
  const step = SCAN_PHASES.indexOf(job.phase) + 1;
  const progress = `${job.progressPercent}%${job.progressIsEstimate ? " (estimate)" : ""}`;
  const remaining = job.estimatedRemainingSeconds;
  const heading = ended ? `Scan ${job.status === "failed" ? "failed" : "expired"}: ${job.domain}` : `Scan in progress: ${job.domain}`;
  const errorCode = job.error === undefined ? null : markup` (<code>${job.error.code}</code>)`;
  const state = ended
    ? markup`<p id="job-error">No result: ${job.error?.message ?? "the scan ended without a result."}${errorCode} \
You can start a new scan of this page.</p>`
    : markup`<p>The report appears on this page when the scan is done.</p>
<div class="progress"><label for="job-progress">Progress</label>
<progress id="job-progress" max="100" value="${job.progressPercent}">${progress}</progress>
<span id="progress-text">${progress}</span></div>`;
  const reload = ended
    ? null
    : markup`<p id="reload-note">This page reloads every ${seconds} seconds. ${renderLink({ href: job.reportUrl, text: "Reload now" })}</p>
<p id="auto-reload" data-seconds="${seconds}" hidden><span id="reload-countdown"></span> \
<button type="button" id="reload-toggle">Pause automatic reload</button></p>`;
  const estimate = ended || remaining === null ? null : markup`<dt>Estimated time left</dt><dd>About ${Math.ceil(remaining)} s</dd>\n`;
  const body = markup`<header>
<p class="eyebrow">${options.serviceName ?? DEFAULT_SERVICE_NAME} · scan report</p>
<h1>${heading}</h1>
<p>Scanned URL: <code id="scanned-url">${job.url}</code></p>
</header>
<main id="main">
${renderDisclaimer(job.disclaimer)}
<section id="progress-section" aria-labelledby="progress-heading">
<h2 id="progress-heading">${ended ? "Result" : "Progress"}</h2>
${state}
<dl class="facts">
<dt>Status</dt><dd id="job-status">${toLabel(job.status)}${job.stalled ? " (no recent sign of progress; it may have stalled)" : ""}</dd>
<dt>Phase</dt><dd id="job-phase">${toLabel(job.phase)}${step > 0 ? ` (step ${step} of ${SCAN_PHASES.length})` : ""}</dd>
${estimate}<dt>Started</dt><dd>${renderTimestamp(job.startedAt)}</dd>
<dt>Last progress</dt><dd>${renderTimestamp(job.lastHeartbeatAt)}</dd>
<dt>Scan ID</dt><dd><code>${job.scanId}</code></dd>
</dl>
${reload}
</section>
<section id="api" aria-labelledby="api-heading">
<h2 id="api-heading">JSON API</h2>
<ul class="api-links"><li>${renderLink({ href: job.links.status, text: "Scan status" })}</li></ul>
</section>
</main>`;
  if (ended) return renderDocument({ ...options, title: heading, body });
  return renderDocument({
    ...options,
    title: heading,
    body,
    // Scripts off: the browser reloads by itself. Scripts on: this is inert text and the pausable script reloads.
    head: markup`<noscript><meta http-equiv="refresh" content="${seconds}"></noscript>\n`,
    script: PENDING_SCRIPT,
  });
}
