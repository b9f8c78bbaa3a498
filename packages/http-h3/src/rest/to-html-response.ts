import { baseHeaders } from "./to-json-response.js";

/**
 * A page of this app (report, home) with its own Content-Security-Policy, never framed, sending no referrer,
 * and kept out of search engines: a report is shared by link.
 */
export function toHtmlResponse(
  page: { html: string; contentSecurityPolicy: string },
  context: { status: number; requestId: string; headers?: Record<string, string> },
): Response {
  return new Response(page.html, {
    status: context.status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": page.contentSecurityPolicy,
      "referrer-policy": "no-referrer",
      "x-frame-options": "DENY",
      // A report is shared by link; it is not for search engines.
      "x-robots-tag": "noindex, nofollow",
      ...baseHeaders(context.requestId),
      ...context.headers,
    },
  });
}
