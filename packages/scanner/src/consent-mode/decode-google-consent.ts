import type { ConsentModeState, GoogleConsent } from "@public-scan/core";

/** Google's tag hosts by registrable domain, beside google.<tld> (analytics.google.com, www.google.com/ccm): where hits go. */
const GOOGLE_TAG_DOMAINS = [
  "google-analytics.com",
  "doubleclick.net",
  "googleadservices.com",
  "googlesyndication.com",
  "googletagmanager.com",
];
const GOOGLE_HOSTS = /(?:^|\.)google\.[a-z]{2,3}(?:\.[a-z]{2})?$/;
/**
 * Measurement endpoints, not the tag libraries (`gtag/js`, `conversion.js`) served from the same hosts, nor
 * the tag manager's own diagnostics, which need not carry a consent state.
 */
const HIT_PATH = /collect|activity|pagead\/(?:1p-|viewthrough|conversion\/)|\/ccm\//;

/** `gcd` letters: how a signal's default and update combine, read as the state the hit was sent in. */
const GCD_STATES: Readonly<Record<string, ConsentModeState>> = {
  l: "not_set", // no default, no update
  p: "denied", // denied by default
  q: "denied", // denied by default and by update
  m: "denied", // denied by update
  u: "denied", // granted by default, denied by update
  t: "granted", // granted by default
  r: "granted", // denied by default, granted by update
  n: "granted", // granted by update
  v: "granted", // granted by default and by update
};

/** The longest parameter value read: real ones are a dozen characters; a page's longer one is not decoded. */
const MAX_PARAM_LENGTH = 64;

/** Whether a host is one of Google's tag or measurement hosts. Cheap: every request of a scan is asked. */
export function isGoogleTagHost(host: string): boolean {
  return GOOGLE_HOSTS.test(host) || GOOGLE_TAG_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** Whether a request is a Google measurement hit (by host and path, never a tag library download). */
export function isGoogleMeasurementHit(host: string, path: string): boolean {
  return isGoogleTagHost(host) && !path.endsWith(".js") && HIT_PATH.test(path);
}

/**
 * What a Google measurement hit said of consent, from its `gcd` (each v2 signal's default and update) and
 * `gcs` (ad and analytics storage) parameters, in the query or in Floodlight's `;key=value` path; null when
 * the request is not a Google measurement hit. Only the decoded states are returned; the URL is not kept.
 */
export function decodeGoogleConsent(url: string, host: string): GoogleConsent | null {
  // Most requests are not Google's: the host is checked before the URL is parsed.
  if (!isGoogleTagHost(host)) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!isGoogleMeasurementHit(host, parsed.pathname)) return null;
  const param = (name: string) => {
    const value = parsed.searchParams.get(name) ?? pathParam(parsed.pathname, name) ?? "";
    return value.length > MAX_PARAM_LENGTH ? "" : value;
  };
  const gcd = /^\d\d([a-z])\d([a-z])\d([a-z])\d([a-z])/.exec(param("gcd"));
  const gcs = /^G1([01])([01])$/.exec(param("gcs"));
  const fromGcd = (index: number): ConsentModeState => (gcd === null ? "not_set" : (GCD_STATES[gcd[index]!] ?? "not_set"));
  // `gcs` fills the storage signals a missing or unset `gcd` leaves open.
  const fromGcs = (state: ConsentModeState, digit: string | undefined): ConsentModeState =>
    state !== "not_set" || digit === undefined ? state : digit === "1" ? "granted" : "denied";
  const decoded = {
    adStorage: fromGcs(fromGcd(1), gcs?.[1]),
    analyticsStorage: fromGcs(fromGcd(2), gcs?.[2]),
    adUserData: fromGcd(3),
    adPersonalization: fromGcd(4),
  };
  const consentMode = gcs !== null || (gcd !== null && gcd.slice(1).some((letter) => letter !== "l"));
  return { consentMode, ...decoded };
}

/** `name`'s value among a Floodlight path's `;key=value` segments. */
function pathParam(path: string, name: string): string | null {
  if (!path.includes(";")) return null;
  for (const segment of path.split(";").slice(1, 64)) {
    const equals = segment.indexOf("=");
    if (equals <= 0 || segment.slice(0, equals) !== name) continue;
    try {
      return decodeURIComponent(segment.slice(equals + 1));
    } catch {
      return null;
    }
  }
  return null;
}
