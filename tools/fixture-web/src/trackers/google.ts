import { randomBytes } from "node:crypto";
import { CANARY } from "../canary.js";
import { formatSetCookie } from "../format-set-cookie.js";
import { trackerAssets } from "../site-definition.js";
import { TRANSPARENT_GIF } from "../transparent-gif.js";
import type { FixtureResponse, VirtualHost } from "../virtual-host.js";
import { scriptResponse } from "./script-response.js";

/** GA4 collection endpoints: `/g/collect` (GA4) and `/collect` (legacy), by GET, POST or beacon. */
function collectHost(host: string): VirtualHost {
  return {
    host,
    cors: true,
    routes: [
      {
        methods: ["GET", "POST", "HEAD"],
        path: /^\/(g\/)?collect$/,
        respond: () => ({ status: 204, headers: { "cache-control": "no-cache, no-store" } }),
      },
    ],
  };
}

/**
 * Whether a Floodlight hit may lead to the `IDE` cookie: its Consent Mode `gcs` (`G1<ad_storage><analytics_storage>`)
 * says ad_storage is granted, or it carries no `gcs` at all (no consent mode on the page: the tag as it was).
 * A cookieless ping (ad_storage denied or not set) is counted and answered, without a cookie.
 */
function adStorageAllowed(url: URL): boolean {
  const gcs = url.searchParams.get("gcs");
  return gcs === null || /^G11[01]$/.test(gcs);
}

/** A YouTube embed: the player page sets its visitor cookies on `.youtube.com` (SameSite=None, so they work in a frame). */
function youtubeEmbed(options: { cookies: ReadonlyMap<string, string>; html: Buffer | undefined }): FixtureResponse {
  const setCookies: string[] = [];
  if (!options.cookies.has("YSC")) {
    setCookies.push(
      formatSetCookie({
        name: "YSC",
        value: `${CANARY}-${randomBytes(6).toString("base64url")}`,
        domain: ".youtube.com",
        secure: true,
        httpOnly: true,
        sameSite: "None",
      }),
    );
  }
  if (!options.cookies.has("VISITOR_INFO1_LIVE")) {
    setCookies.push(
      formatSetCookie({
        name: "VISITOR_INFO1_LIVE",
        value: `${CANARY}-${randomBytes(8).toString("base64url")}`,
        domain: ".youtube.com",
        maxAgeSeconds: 180 * 86_400,
        secure: true,
        httpOnly: true,
        sameSite: "None",
      }),
    );
  }
  if (options.html === undefined) return { status: 404 };
  return {
    status: 200,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-cache, no-store",
      ...(setCookies.length > 0 ? { "set-cookie": setCookies } : {}),
    },
    body: options.html,
  };
}

/** Google's hosts: the tag loader, two GA4 collection hosts, Floodlight on DoubleClick, and YouTube embeds. */
export const GOOGLE_HOSTS: readonly VirtualHost[] = [
  {
    host: "www.googletagmanager.com",
    assets: trackerAssets("www.googletagmanager.com"),
    cors: true,
    routes: [{ path: "/gtag/js", respond: async ({ readAsset }) => scriptResponse(await readAsset("gtag.js")) }],
  },
  collectHost("region1.google-analytics.com"),
  collectHost("www.google-analytics.com"),
  {
    host: "ad.doubleclick.net",
    cors: true,
    routes: [
      {
        // Floodlight: `/activity;src=…;type=…;cat=…;ord=…?…` (gtag) and `/ddm/activity/…` (image tags).
        path: /^\/(activity;|ddm\/activity\/)/,
        respond: ({ request }): FixtureResponse => ({
          status: 200,
          headers: {
            "content-type": "image/gif",
            "cache-control": "no-cache, must-revalidate",
            ...(adStorageAllowed(request.url)
              ? {
                  "set-cookie": formatSetCookie({
                    name: "IDE",
                    value: `AHWqTU${CANARY}-${randomBytes(12).toString("base64url")}`,
                    domain: ".doubleclick.net",
                    maxAgeSeconds: 390 * 86_400,
                    secure: true,
                    httpOnly: true,
                    sameSite: "None",
                  }),
                }
              : {}),
          },
          body: TRANSPARENT_GIF,
        }),
      },
    ],
  },
  {
    host: "www.youtube.com",
    assets: trackerAssets("www.youtube.com"),
    cors: true,
    routes: [
      {
        path: /^\/embed\/[A-Za-z0-9_-]{11}$/,
        respond: async ({ request, readAsset }) => {
          const videoId = request.url.pathname.slice("/embed/".length);
          return youtubeEmbed({ cookies: request.cookies, html: (await readAsset("embed.html", { VIDEO_ID: videoId }))?.body });
        },
      },
      { methods: ["GET", "HEAD", "POST"], path: "/generate_204", respond: () => ({ status: 204 }) },
    ],
  },
];
