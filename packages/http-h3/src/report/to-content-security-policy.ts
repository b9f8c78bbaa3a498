import { createHash } from "node:crypto";

export interface ContentSecurityPolicyOptions {
  /** `toCspHash` of the page's one inline style sheet. */
  styleHash: string;
  /** `toCspHash` of the page's one inline script; null when the page has none. */
  scriptHash: string | null;
  /** `meta` leaves out what browsers ignore (and warn about) in a `<meta>` policy. */
  delivery: "header" | "meta";
  /** The page has a form that posts to this origin (the home page's scan form); no other page posts anywhere. */
  formsToSelf?: boolean;
}

/**
 * The report pages' policy: nothing loads from anywhere, and only the page's own inline style sheet and
 * script run, by hash. No 'unsafe-inline', so injected markup can neither script nor style the page.
 */
export function toContentSecurityPolicy(options: ContentSecurityPolicyOptions): string {
  return [
    "default-src 'none'",
    `style-src ${options.styleHash}`,
    `script-src ${options.scriptHash ?? "'none'"}`,
    "img-src 'none'",
    "base-uri 'none'",
    options.formsToSelf === true ? "form-action 'self'" : "form-action 'none'",
    // frame-ancestors is ignored in a <meta> policy (with a console warning); the header carries it.
    ...(options.delivery === "header" ? ["frame-ancestors 'none'"] : []),
  ].join("; ");
}

/** The CSP source expression that allows exactly this inline `<style>` or `<script>` content (its UTF-8 bytes). */
export function toCspHash(content: string): string {
  return `'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`;
}
