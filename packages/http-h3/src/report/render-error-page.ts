import { DISCLAIMER } from "@public-scan/core";
import { markup } from "./markup.js";
import { renderDisclaimer, DEFAULT_SERVICE_NAME, renderDocument, type PageOptions, type RenderedPage } from "./render-document.js";

/** What a person can do next, by error code; other codes get the message alone. */
const ERROR_HINTS: Readonly<Record<string, string>> = {
  invalid_request: "Check the address: it does not name a valid scan.",
  not_found: "Check the address. The scan may not exist here, or its result is no longer kept.",
  rate_limited: "Too many requests in a short time. Wait a little, then reload this page.",
  internal_error: "Something went wrong on our side. Reload this page later.",
  unauthorized: "This report needs credentials that were not given.",
  forbidden: "These credentials do not allow reading this report.",
};

export interface ErrorPageInput {
  /** The HTTP status the route sends. */
  status: number;
  /** A contract error code (`not_found`, `rate_limited`, ...). */
  code: string;
  /** Customer-safe message. */
  message: string;
}

/** The page for a report that cannot be shown: not found, failed, rate limited, ... It runs no script. */
export function renderErrorPage(error: ErrorPageInput, options: PageOptions = {}): RenderedPage {
  const hint = ERROR_HINTS[error.code];
  const body = markup`<header>
<p class="eyebrow">${options.serviceName ?? DEFAULT_SERVICE_NAME} · scan report</p>
<h1>Report not available</h1>
</header>
<main id="main">
${renderDisclaimer(DISCLAIMER)}
<section id="error" aria-labelledby="error-heading">
<h2 id="error-heading">What happened</h2>
<p id="error-message">${error.message}</p>
${hint === undefined ? null : markup`<p id="error-hint">${hint}</p>\n`}<dl class="facts">
<dt>HTTP status</dt><dd id="error-status">${error.status}</dd>
<dt>Error code</dt><dd><code id="error-code">${error.code}</code></dd>
</dl>
</section>
</main>`;
  return renderDocument({ ...options, title: `Report not available (${error.status})`, body });
}
