import type { Party } from "@public-scan/core";
import { getDomain } from "tldts";

/**
 * A host as the classifiers compare it: lower-case, without IPv6 brackets, without the leading dot of a
 * cookie domain and without the trailing dot of a fully qualified name. Returns "" for nothing usable.
 */
export function normalizeHost(host: string): string {
  let normalized = host.trim().toLowerCase();
  if (normalized.startsWith("[") && normalized.endsWith("]")) normalized = normalized.slice(1, -1);
  return normalized.replace(/^\.+/, "").replace(/\.+$/, "");
}

/**
 * The registrable domain (eTLD+1) of a host, with private suffixes honoured (`user.github.io`, not
 * `github.io`), or null when there is none: IP literals, single labels (`localhost`), bare public suffixes.
 * Unlisted TLDs such as `.test` count as one-label suffixes, so `www.shop.test` -> `shop.test`.
 */
export function registrableDomainOf(host: string): string | null {
  const normalized = normalizeHost(host);
  if (normalized === "") return null;
  return getDomain(normalized, { allowPrivateDomains: true });
}

export interface PartyOfInput {
  /** Host of the request, cookie domain or storage origin. */
  host: string;
  /** Host of the scanned page. */
  siteHost: string;
}

/**
 * First party when the host is the site's host or shares its registrable domain (private suffixes such as
 * `github.io` separate sites). Hosts without a registrable domain (IP literals, `localhost`) are first party
 * only to themselves, since there is no site around them to share.
 */
export function partyOf(input: PartyOfInput): Party {
  const host = normalizeHost(input.host);
  const siteHost = normalizeHost(input.siteHost);
  if (host !== "" && host === siteHost) return "first_party";
  const domain = registrableDomainOf(host);
  return domain !== null && domain === registrableDomainOf(siteHost) ? "first_party" : "third_party";
}
