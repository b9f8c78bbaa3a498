import { markup, toCspHash, trustedHtml, type SafeHtml } from "@public-scan/http-h3";
import { ACCOUNT_STYLES } from "./account-styles.js";

export interface AccountPage {
  html: string;
  contentSecurityPolicy: string;
}

export interface AccountDocumentOptions {
  title: string;
  body: SafeHtml;
  serviceName?: string;
  /**
   * Where the page's forms may lead besides this origin: the consent form's answer is a redirect to the
   * client's redirect URI, and browsers apply `form-action` to redirects after a submission.
   */
  formTargets?: readonly string[];
  /** The page's one inline script, a constant of this package, allowed by hash (the dashboard's copy buttons). */
  script?: string;
}

const STYLE_HASH = toCspHash(ACCOUNT_STYLES);

/**
 * An account page: self-contained, no script but the dashboard's copy buttons (by hash), one inline style sheet allowed by hash, forms only to
 * this origin (and the client's redirect target on the consent page), never framed.
 */
export function renderAccountDocument(options: AccountDocumentOptions): AccountPage {
  const serviceName = options.serviceName ?? "public-scan";
  const page = markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${options.title} · ${serviceName}</title>
<style>${trustedHtml(ACCOUNT_STYLES)}</style>
</head>
<body>
<main>
<p class="service">${serviceName}</p>
<h1>${options.title}</h1>
${options.body}
</main>
${options.script === undefined ? null : markup`<script>${trustedHtml(options.script)}</script>`}
<footer>Automated observations for review; not legal advice.</footer>
</body>
</html>
`;
  const policy = [
    "default-src 'none'",
    `style-src ${STYLE_HASH}`,
    `script-src ${options.script === undefined ? "'none'" : toCspHash(options.script)}`,
    "img-src 'none'",
    "base-uri 'none'",
    `form-action 'self'${(options.formTargets ?? []).map((target) => ` ${target}`).join("")}`,
    "frame-ancestors 'none'",
  ].join("; ");
  return { html: page.value, contentSecurityPolicy: policy };
}

/**
 * The CSP source for a redirect URI: its origin for http(s), its scheme for a native app's custom scheme.
 * Null for anything that is not a clean URL, which then simply is not allowed.
 */
export function toFormTarget(redirectUri: string): string | null {
  try {
    const url = new URL(redirectUri);
    if (url.protocol === "http:" || url.protocol === "https:") return url.origin;
    return /^[a-z][a-z0-9+.-]*:$/.test(url.protocol) ? url.protocol : null;
  } catch {
    return null;
  }
}
