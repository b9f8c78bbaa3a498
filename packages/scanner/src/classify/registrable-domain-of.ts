import { getDomain } from "tldts";
import { normalizeHost } from "./normalize-host.js";

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
