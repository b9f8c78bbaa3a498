import type { Hsts } from "@public-scan/core";

/** What a response without the header has. */
export const NO_HSTS: Hsts = { present: false, valid: false, maxAgeSeconds: null, includeSubDomains: false, preload: false };

const INVALID: Hsts = { present: true, valid: false, maxAgeSeconds: null, includeSubDomains: false, preload: false };
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const DIGITS = /^\d+$/;

/**
 * Parses a Strict-Transport-Security header value as RFC 6797 (6.1) says and browsers apply it: directives
 * split by `;`, names case-insensitive, `max-age` required (digits, optionally quoted), no directive twice,
 * `includeSubDomains` and `preload` without a value, unknown directives ignored. A header that breaks a
 * rule is present but invalid, as a browser would ignore it. Several header lines (joined by a newline,
 * as CDP reports them): only the first counts (RFC 6797 8.1).
 */
export function parseHstsHeader(value: string | null | undefined): Hsts {
  if (value === null || value === undefined) return NO_HSTS;
  const first = value.split("\n")[0] ?? "";
  const seen = new Set<string>();
  let maxAgeSeconds: number | null = null;
  let includeSubDomains = false;
  let preload = false;

  for (const raw of first.split(";")) {
    const directive = raw.trim();
    if (directive === "") continue;
    const equals = directive.indexOf("=");
    const name = (equals < 0 ? directive : directive.slice(0, equals)).trim().toLowerCase();
    const rawValue = equals < 0 ? null : directive.slice(equals + 1).trim();
    if (!TOKEN.test(name) || seen.has(name)) return INVALID;
    seen.add(name);
    const argument = rawValue === null ? null : unquote(rawValue);
    if (rawValue !== null && argument === null) return INVALID;

    if (name === "max-age") {
      if (argument === null || !DIGITS.test(argument)) return INVALID;
      // Absurd values stay representable; browsers cap the lifetime themselves.
      maxAgeSeconds = Math.min(Number(argument), Number.MAX_SAFE_INTEGER);
    } else if (name === "includesubdomains") {
      if (rawValue !== null) return INVALID;
      includeSubDomains = true;
    } else if (name === "preload") {
      if (rawValue !== null) return INVALID;
      preload = true;
    }
  }
  if (maxAgeSeconds === null) return INVALID;
  return { present: true, valid: true, maxAgeSeconds, includeSubDomains, preload };
}

/** A token as is, or a quoted-string's content (backslash escapes resolved); null when malformed. */
function unquote(value: string): string | null {
  if (!value.startsWith('"')) return TOKEN.test(value) ? value : null;
  if (value.length < 2 || !value.endsWith('"')) return null;
  let result = "";
  for (let index = 1; index < value.length - 1; index++) {
    const char = value[index]!;
    if (char === '"') return null;
    if (char === "\\") {
      index++;
      if (index >= value.length - 1) return null;
      result += value[index];
    } else result += char;
  }
  return result;
}
