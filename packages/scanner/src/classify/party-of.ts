import type { Party } from "@public-scan/core";
import { normalizeHost } from "./normalize-host.js";
import { registrableDomainOf } from "./registrable-domain-of.js";

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
