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
