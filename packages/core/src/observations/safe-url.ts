import { HostSchema } from "../contract/primitives.js";

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

/** The host of a URL as observations record it (see `toObservedHost`), or null. */
export function hostOf(input: string): string | null {
  const url = URL.parse(input);
  return url === null ? null : toObservedHost(url.hostname);
}

/**
 * A host name as observations record it: lower-case, without the trailing dot of a fully qualified name,
 * and only if it is a valid host; anything else (a page can make a browser report odd names) is null,
 * so one strange host never invalidates a scan.
 */
export function toObservedHost(host: string): string | null {
  const normalised = host.trim().toLowerCase().replace(/\.$/, "");
  return HostSchema.safeParse(normalised).success ? normalised : null;
}
