import { randomBytes } from "node:crypto";
import { CANARY } from "../canary.js";
import { formatSetCookie } from "../format-set-cookie.js";
import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** The baseline: a small business site with no trackers and no banner, and one server-set session cookie. */
export const QUIET_BAKERY: SiteDefinition = {
  id: "quiet-bakery",
  host: "www.quiet-bakery.test",
  description:
    "A neighbourhood bakery: no trackers, no consent banner; the server sets one first-party functional session cookie (bakery_session, HttpOnly).",
  assets: siteAssets("quiet-bakery"),
  httpsOnly: true,
  // Pages that are not the site, for the scanner's no-go detection: a bot-challenge interstitial as CDNs
  // serve it (status 503, "Just a moment..."), a JSON document, and (any unknown path) a 404.
  routes: [
    {
      path: "/challenge",
      respond: () => ({
        status: 503,
        headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
        body: `<!doctype html><html lang="en"><head><title>Just a moment...</title></head><body><div id="challenge-running">Checking your browser before accessing www.quiet-bakery.test.</div><form id="challenge-form" action="/challenge" method="POST"><input type="hidden" name="md" value="${CANARY}"></form></body></html>`,
      }),
    },
    {
      path: "/opening-hours.json",
      respond: () => ({
        status: 200,
        headers: { "content-type": "application/json; charset=utf-8" },
        body: JSON.stringify({ monday: "07:00-18:00", saturday: "08:00-13:00" }),
      }),
    },
  ],
  // Like a framework's session middleware: a session cookie on the first page view, then kept.
  pageHeaders: (request): Record<string, string> =>
    request.cookies.has("bakery_session")
      ? {}
      : {
          "set-cookie": formatSetCookie({
            name: "bakery_session",
            value: `${CANARY}.${randomBytes(12).toString("base64url")}`,
            secure: true,
            httpOnly: true,
            sameSite: "Lax",
          }),
        },
};
