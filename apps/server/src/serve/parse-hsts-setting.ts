import type { RestAppOptions } from "@public-scan/http-h3";

/**
 * PUBLIC_SCAN_HSTS: unset keeps the REST app's default (a year, over https only), `off` leaves the header to
 * a proxy in front, and a header value (`max-age=N`, optionally `includeSubDomains` and `preload`) sets it.
 */
export function parseHstsSetting(value: string | undefined): RestAppOptions["hsts"] {
  if (value === undefined || value === "") return undefined;
  if (value === "off") return false;
  const parts = value.split(";").map((part) => part.trim().toLowerCase());
  const maxAge = /^max-age=(\d{1,9})$/.exec(parts[0] ?? "")?.[1];
  const known = parts.slice(1).every((part) => part === "includesubdomains" || part === "preload");
  if (maxAge === undefined || !known) {
    throw new Error("PUBLIC_SCAN_HSTS must be off or max-age=SECONDS, optionally with ; includeSubDomains and ; preload");
  }
  return { maxAgeSeconds: Number(maxAge), includeSubDomains: parts.includes("includesubdomains"), preload: parts.includes("preload") };
}
