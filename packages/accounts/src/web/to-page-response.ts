import type { ServerResponse } from "node:http";
import type { AccountPage } from "./pages/render-account-document.js";

export interface PageResponseOptions {
  status?: number;
  setCookies?: ReadonlyArray<string | null>;
}

/** Headers every account page carries: its policy, no caching (pages hold tokens and keys), no framing. */
function pageHeaders(page: AccountPage): Array<[string, string]> {
  return [
    ["content-type", "text/html; charset=utf-8"],
    ["content-security-policy", page.contentSecurityPolicy],
    ["cache-control", "no-store"],
    ["x-content-type-options", "nosniff"],
    ["x-frame-options", "DENY"],
    // same-origin, not no-referrer: under no-referrer a browser sends `Origin: null` with the forms' POSTs,
    // and the CSRF check needs the real origin. Other sites still get no referrer.
    ["referrer-policy", "same-origin"],
  ];
}

export function toPageResponse(page: AccountPage, options: PageResponseOptions = {}): Response {
  const headers = new Headers(pageHeaders(page));
  for (const cookie of options.setCookies ?? []) if (cookie !== null) headers.append("set-cookie", cookie);
  return new Response(page.html, { status: options.status ?? 200, headers });
}

/** A redirect after a form (303: the browser follows with GET), with cookies to set. */
export function toRedirect(location: string, setCookies: ReadonlyArray<string | null> = []): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const cookie of setCookies) if (cookie !== null) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}

/** The same page written to a Node response (the OAuth interaction routes run on Node's request objects). */
export function writePage(response: ServerResponse, page: AccountPage, options: PageResponseOptions = {}): void {
  for (const cookie of options.setCookies ?? []) if (cookie !== null) response.appendHeader("set-cookie", cookie);
  for (const [name, value] of pageHeaders(page)) response.setHeader(name, value);
  response.statusCode = options.status ?? 200;
  response.end(page.html);
}
