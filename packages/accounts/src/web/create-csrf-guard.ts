import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { cookieName, parseCookies, serializeCookie } from "../sessions/parse-cookies.js";

export const CSRF_COOKIE = "ps_csrf";
export const CSRF_FIELD = "csrf";

export interface CsrfGuard {
  /**
   * The token to put in a form, and the Set-Cookie value to send when this browser had no CSRF cookie
   * yet (null when it had one).
   */
  issue(cookieHeader: string | undefined): { token: string; setCookie: string | null };
  /** Whether a form submission is genuine: same-site per the browser, and its token matches its cookie. */
  verify(request: { cookieHeader: string | undefined; token: unknown; secFetchSite: string | null; origin: string | null }): boolean;
}

/**
 * Signed double-submit CSRF protection for the account forms: a random per-browser cookie (SameSite=Strict),
 * and in each form an HMAC of it under a server secret, so another site can neither read nor forge the pair.
 * Browsers' `Sec-Fetch-Site` and `Origin` headers are checked too, as a second, independent line.
 */
export function createCsrfGuard(options: { secret: string; origin: string; secure: boolean }): CsrfGuard {
  const name = cookieName(CSRF_COOKIE, options.secure);
  const sign = (value: string) => createHmac("sha256", options.secret).update(`csrf:${value}`).digest("base64url");
  const browserId = (cookieHeader: string | undefined) => {
    const value = parseCookies(cookieHeader).get(name);
    return value !== undefined && /^[A-Za-z0-9_-]{22}$/.test(value) ? value : null;
  };
  return {
    issue(cookieHeader) {
      const existing = browserId(cookieHeader);
      if (existing !== null) return { token: sign(existing), setCookie: null };
      const id = randomBytes(16).toString("base64url");
      // A year: the cookie identifies nothing but this pairing, and forms left open must keep working.
      return {
        token: sign(id),
        setCookie: serializeCookie(name, id, { maxAgeSeconds: 365 * 86_400, secure: options.secure, sameSite: "Strict" }),
      };
    },
    verify(request) {
      if (request.secFetchSite !== null && request.secFetchSite !== "same-origin" && request.secFetchSite !== "none") return false;
      if (request.origin !== null && request.origin !== options.origin) return false;
      const id = browserId(request.cookieHeader);
      if (id === null || typeof request.token !== "string") return false;
      const expected = Buffer.from(sign(id));
      const given = Buffer.from(request.token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
