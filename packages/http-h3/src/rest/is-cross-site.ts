/**
 * A browser's request from another site. `Sec-Fetch-Site` decides when the browser sends it (a page cannot
 * forge it): anything but same-origin, or none (a typed address), is another site. Otherwise an `Origin`
 * that is not the deployment's is. Other clients send neither. Routes whose effect is charged to the reader
 * (a cookie's session, an anonymous address's allowance) refuse such requests (CSRF).
 *
 * `Origin` alone would misjudge this site's own pages: a form posted from a page with `no-referrer` (the
 * report pages' policy) carries `Origin: null`.
 */
export function isCrossSite(request: Request, baseUrl: string): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  return origin !== null && origin !== new URL(baseUrl).origin;
}
