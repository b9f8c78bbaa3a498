import { markup, trustedHtml, type SafeHtml } from "./markup.js";
import { REPORT_STYLES } from "./report-styles.js";
import { toContentSecurityPolicy, toCspHash } from "./to-content-security-policy.js";

/** A rendered page and the Content-Security-Policy header to send with it (the header is authoritative). */
export interface RenderedPage {
  html: string;
  contentSecurityPolicy: string;
}

/** Options every report page takes. */
export interface PageOptions {
  /** Name shown above the heading and in the title; default `public-scan`. */
  serviceName?: string;
  /** Also state the policy in a `<meta>` element (default true), for copies saved without their headers. */
  metaCsp?: boolean;
}

export interface DocumentOptions extends PageOptions {
  title: string;
  /** The `<body>` content, rendered with `markup`. */
  body: SafeHtml;
  /** Extra `<head>` content after the title (the pending page's no-script refresh). */
  head?: SafeHtml;
  /** The page's one inline script, a constant of this package; the policy allows it by hash. */
  script?: string;
  /** The page's forms post to this origin (`form-action 'self'`); other pages post nowhere. */
  formsToSelf?: boolean;
}

export const DEFAULT_SERVICE_NAME = "public-scan";
const STYLE_HASH = toCspHash(REPORT_STYLES);

/**
 * A complete, self-contained HTML5 document: one inline style sheet, at most one inline script, no
 * external resource, and the strict policy that allows exactly those two by hash.
 */
export function renderDocument(options: DocumentOptions): RenderedPage {
  const scriptHash = options.script === undefined ? null : toCspHash(options.script);
  const policy = (delivery: "header" | "meta") =>
    toContentSecurityPolicy({ styleHash: STYLE_HASH, scriptHash, delivery, formsToSelf: options.formsToSelf === true });
  const serviceName = options.serviceName ?? DEFAULT_SERVICE_NAME;
  const metaPolicy = options.metaCsp === false ? null : markup`<meta http-equiv="Content-Security-Policy" content="${policy("meta")}">\n`;
  const script = options.script === undefined ? null : markup`<script>${trustedHtml(options.script)}</script>\n`;
  // The style and script contents are inserted byte for byte: their hashes are the policy. The meta policy
  // comes before them, since a policy only covers what follows it.
  const page = markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${metaPolicy}<meta name="referrer" content="no-referrer">
<meta name="color-scheme" content="light dark">
<title>${options.title} · ${serviceName}</title>
${options.head ?? null}<style>${trustedHtml(REPORT_STYLES)}</style>
</head>
<body>
${options.body}
${script}</body>
</html>
`;
  return { html: page.value, contentSecurityPolicy: policy("header") };
}

/** The disclaimer every page carries, first in its main content so nobody reads a result without it. */
export function renderDisclaimer(text: string): SafeHtml {
  return markup`<section class="disclaimer" id="disclaimer" aria-labelledby="disclaimer-heading">
<h2 id="disclaimer-heading">Read this first</h2>
<p>${text}</p>
</section>`;
}
