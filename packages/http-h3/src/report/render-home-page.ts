import { DISCLAIMER } from "@public-scan/core";
import { markup, type SafeHtml } from "./markup.js";
import { SCAN_FORM_ROUTE } from "./scan-form-route.js";
import { toLabel, toneOf } from "./to-label.js";
import { DEFAULT_SERVICE_NAME, renderDisclaimer, renderDocument, type PageOptions, type RenderedPage } from "./render-document.js";

export interface HomePageInput {
  /** The deployment's base URL, for the API and MCP addresses shown. */
  baseUrl: string;
  /** The reader's anonymous allowance of new scans; null when this deployment has no quota. */
  allowance: { limit: number; remaining: number; resetAt: string } | null;
  /** The MCP endpoints this deployment serves. */
  mcp: { hosted: boolean; light: boolean };
  /** Sign-up and sign-in pages exist (the reference server's accounts). */
  accounts: boolean;
  /** Where the deployment's documentation is; not linked when absent. */
  docsUrl?: string | null;
  /**
   * The latest scans with evidence of this deployment, newest first: the site, not its URL. Null when the
   * deployment does not list them (turned off, or a store without the list).
   */
  recentScans?: ReadonlyArray<{ scanId: string; domain: string; score: number; riskLevel: string; completedAt: string }> | null;
  /** A refused scan request: the message says what to fix. */
  error?: { message: string } | null;
  /** The address the reader typed, kept in the form after a refusal. */
  url?: string;
}

/**
 * The reference server's home page: a scan form (no script: it posts to `/scan`, which redirects to the
 * report page, itself refreshing until the scan ends), the reader's anonymous allowance, what a scan
 * reports, and how to use the service from tools: the REST API, the MCP endpoints, an account for keys.
 */
export function renderHomePage(input: HomePageInput, options: PageOptions = {}): RenderedPage {
  const base = input.baseUrl.replace(/\/+$/, "");
  const allowance = input.allowance;
  const body = markup`<header>
<p class="eyebrow">${options.serviceName ?? DEFAULT_SERVICE_NAME}</p>
<h1>Privacy and consent scans of public websites</h1>
<p>A headless browser visits the page as a first-time visitor and reports what it sets and loads before consent, \
what the consent banner's reject and accept really do, and what changes under Global Privacy Control.</p>
</header>
<main id="main">
<section id="scan" aria-labelledby="scan-heading">
<h2 id="scan-heading">Scan a website</h2>
${input.error ? markup`<p class="alert" role="alert" id="scan-error">${input.error.message}</p>\n` : null}<form method="post" action="${SCAN_FORM_ROUTE}" class="scan-form">
<label for="url">Address of a public web page</label>
<input id="url" name="url" type="url" inputmode="url" autocomplete="url" required maxlength="2048" placeholder="https://www.example.com/" value="${input.url ?? ""}">
<button type="submit">Scan</button>
</form>
${
  allowance === null
    ? null
    : markup`<p class="muted" id="allowance">Scans without an account: ${allowance.remaining} of ${allowance.limit} left, renewed ${allowance.resetAt.slice(0, 16).replace("T", " ")} UTC. \
A recent scan of the same page is reused and uses none.</p>`
}
</section>
${renderDisclaimer(DISCLAIMER)}
${renderRecentScans(input.recentScans ?? null)}
<section id="reports" aria-labelledby="reports-heading">
<h2 id="reports-heading">What a scan reports</h2>
<ul>
<li>Cookies, storage and third-party trackers before consent, by vendor.</li>
<li>The consent banner, and what rejecting and accepting change.</li>
<li>Global Privacy Control: which trackers stop and which still load.</li>
<li>Transport security (HTTPS, certificate, HSTS), the privacy policy's disclosures, and US opt-out signals.</li>
<li>A score, a risk level for review, and what the scan could and could not observe.</li>
</ul>
</section>
<section id="tools" aria-labelledby="tools-heading">
<h2 id="tools-heading">Use it from your tools</h2>
<dl class="facts">
<dt>REST API</dt><dd><code>${base}/api/v2</code>, described by its OpenAPI document at <code>${base}/api/v2/openapi.json</code>.</dd>
${input.mcp.hosted ? markup`<dt>MCP for AI assistants</dt><dd><code>${base}/mcp</code> (sign in, or an API key)</dd>\n` : null}${
    input.mcp.light ? markup`<dt>MCP Light</dt><dd><code>${base}/mcp/light</code> (no account: scan, status and a summary)</dd>\n` : null
  }</dl>
${
  input.accounts
    ? markup`<p><a href="/account/sign-up">Create an account</a> for API keys, or <a href="/account/sign-in">sign in</a>.</p>\n`
    : null
}${input.docsUrl ? markup`<p><a href="${input.docsUrl}">Documentation</a></p>\n` : null}</section>
</main>
<footer>
<p>${DISCLAIMER}</p>
</footer>`;
  return renderDocument({ ...options, title: "Scan a website", body, formsToSelf: true });
}

/** The latest scans of this deployment, each a link to its report: the site, its score and risk, when. */
function renderRecentScans(scans: HomePageInput["recentScans"]): SafeHtml | null {
  if (scans === null || scans === undefined) return null;
  return markup`<section id="recent" aria-labelledby="recent-heading">
<h2 id="recent-heading">Recent scans</h2>
${
  scans.length === 0
    ? markup`<p class="muted">No scans yet: start one above.</p>`
    : markup`<ol class="recent">
${scans.map(
  (
    scan,
  ) => markup`<li><a href="/reports/${scan.scanId}">${scan.domain}</a> <span class="badge tone-${toneOf(scan.riskLevel)}">${scan.score}/100</span> \
<span class="muted">${toLabel(scan.riskLevel)}, ${scan.completedAt.slice(0, 16).replace("T", " ")} UTC</span></li>
`,
)}</ol>`
}
</section>`;
}
