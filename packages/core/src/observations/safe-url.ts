/** Longest path kept in a safe URL; longer paths are cut, since long paths often carry identifiers. */
const MAX_PATH = 256;

/**
 * Reduces a URL to scheme, host, port and path: no credentials, query string or fragment (contract item 7).
 * Returns null for anything that is not an absolute http(s), ws(s) URL.
 */
export function toSafeUrl(input: string): string | null {
  const url = URL.parse(input);
  if (url === null || !["http:", "https:", "ws:", "wss:"].includes(url.protocol)) return null;
  const path = url.pathname.length > MAX_PATH ? url.pathname.slice(0, MAX_PATH) : url.pathname;
  return `${url.protocol}//${url.host}${path}`;
}

/** The host of a URL, lower-case, or null. */
export function hostOf(input: string): string | null {
  const url = URL.parse(input);
  return url === null || url.hostname === "" ? null : url.hostname.toLowerCase();
}
