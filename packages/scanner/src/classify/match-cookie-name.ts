import type { OpenCookieDatabase, OpenCookieEntry } from "./load-open-cookie-database.js";
import { normalizeHost, registrableDomainOf } from "./party-of.js";

export interface MatchCookieNameInput {
  /** Cookie name or storage key, compared case-sensitively (browsers do). */
  name: string;
  /** Cookie domain or storage origin host, when known; prefers rows set by that site. */
  domain?: string;
}

/** How a row's `Domain` column relates to the cookie's domain. */
export type DomainAgreement = "same_site" | "unspecified" | "other_site";

/**
 * Wildcard patterns this short that end in a letter or digit (`tp`, `_s`, `cap`, `NPA`) would claim
 * unrelated names (`tpc`, `_session`, `captcha`); they count only when the row's domain is the cookie's site.
 * Patterns ending in a separator (`mp_`, `sb-`) are specific enough on their own.
 */
const MIN_UNCONFIRMED_PREFIX_LENGTH = 4;
const SEPARATOR_END = /[_.:-]$/;

/**
 * The Open Cookie Database row that best describes a cookie or storage-key name, or null.
 *
 * Semantics:
 * - An exact row matches the name exactly (case-sensitive). A wildcard row (`Wildcard match` = 1, or a
 *   name ending in `*`) matches every name that starts with its pattern (`_ga_` matches `_ga_ABC123`).
 * - Among candidates, a row whose `Domain` is the cookie's site (same registrable domain) wins; then exact
 *   rows over wildcard rows; then rows without a domain over rows naming another site; then the longer
 *   pattern; then file order. So `_ga_ABC123` finds `_ga_` rather than nothing, `tp` set by
 *   t.tailtarget.com finds Tailtarget's row rather than Bombora's, and `_fbp` still finds Facebook's row
 *   although the pixel sets it on the visited site.
 */
export function matchCookieName(database: OpenCookieDatabase, input: MatchCookieNameInput): OpenCookieEntry | null {
  const name = input.name.trim();
  if (name === "") return null;
  const candidates = [
    ...(database.byName.get(name) ?? []),
    ...database.prefixes.filter((entry) => name.startsWith(entry.name) && isTrustedPrefix(entry, input.domain)),
  ];
  let best: { entry: OpenCookieEntry; rank: readonly number[] } | undefined;
  for (const entry of candidates) {
    const rank = rankOf(entry, input.domain);
    if (best === undefined || compareRanks(rank, best.rank) < 0) best = { entry, rank };
  }
  return best?.entry ?? null;
}

/** Whether a row's `Domain` names the cookie's site, names another site, or says nothing. */
export function domainAgreement(entry: OpenCookieEntry, domain: string | undefined): DomainAgreement {
  if (domain === undefined || normalizeHost(domain) === "" || entry.domains.length === 0) return "unspecified";
  return entry.domains.some((entryDomain) => isSameSite(entryDomain, domain)) ? "same_site" : "other_site";
}

function isTrustedPrefix(entry: OpenCookieEntry, domain: string | undefined): boolean {
  if (entry.name.length >= MIN_UNCONFIRMED_PREFIX_LENGTH || SEPARATOR_END.test(entry.name)) return true;
  return domainAgreement(entry, domain) === "same_site";
}

/** Lower sorts first. File order is the final tie-break, kept by only replacing `best` on a strictly lower rank. */
function rankOf(entry: OpenCookieEntry, domain: string | undefined): readonly number[] {
  const agreement = domainAgreement(entry, domain);
  return [agreement === "same_site" ? 0 : 1, entry.wildcard ? 1 : 0, agreement === "other_site" ? 1 : 0, -entry.name.length];
}

function compareRanks(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < a.length; index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

function isSameSite(a: string, b: string): boolean {
  const left = normalizeHost(a);
  const right = normalizeHost(b);
  if (left === right) return true;
  const leftDomain = registrableDomainOf(left);
  return leftDomain !== null && leftDomain === registrableDomainOf(right);
}
