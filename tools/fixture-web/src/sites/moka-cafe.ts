import { randomBytes } from "node:crypto";
import { CANARY } from "../canary.js";
import { formatSetCookie } from "../format-set-cookie.js";
import { type SiteDefinition, siteAssets } from "../site-definition.js";

/**
 * Cookies without `Secure` on an HTTPS site (one from the server, one from a script, next to one that
 * has it), a Referrer-Policy with a fallback list, and a CSP in report-only mode.
 */
export const MOKA_CAFE: SiteDefinition = {
  id: "moka-cafe",
  host: "www.moka-cafe.test",
  description:
    "A café: HTTPS-only, but two first-party cookies lack Secure (moka_visit from the server, moka_theme from a script); moka_csrf has it. Referrer-Policy 'no-referrer, unsafe-url' (the last one wins) and a report-only CSP.",
  assets: siteAssets("moka-cafe"),
  httpsOnly: true,
  headers: {
    "referrer-policy": "no-referrer, unsafe-url",
    "content-security-policy-report-only": "default-src 'self'",
  },
  pageHeaders: (request): Record<string, string[]> =>
    request.cookies.has("moka_visit")
      ? {}
      : {
          "set-cookie": [
            formatSetCookie({
              name: "moka_visit",
              value: `${CANARY}.${randomBytes(6).toString("hex")}`,
              maxAgeSeconds: 2_592_000,
              sameSite: "Lax",
            }),
            formatSetCookie({
              name: "moka_csrf",
              value: `${CANARY}.${randomBytes(12).toString("base64url")}`,
              secure: true,
              httpOnly: true,
              sameSite: "Strict",
            }),
          ],
        },
};
