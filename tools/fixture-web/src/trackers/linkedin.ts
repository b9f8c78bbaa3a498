import { trackerAssets } from "../site-definition.js";
import { TRANSPARENT_GIF } from "../transparent-gif.js";
import type { FixtureResponse, VirtualHost } from "../virtual-host.js";

/** LinkedIn's hosts: the Insight Tag script on snap.licdn.com, its pixel endpoint on px.ads.linkedin.com. */
export const LINKEDIN_HOSTS: readonly VirtualHost[] = [
  { host: "snap.licdn.com", assets: trackerAssets("snap.licdn.com"), cors: true },
  {
    host: "px.ads.linkedin.com",
    cors: true,
    routes: [
      {
        methods: ["GET", "HEAD", "POST"],
        path: /^\/collect\/?$/,
        respond: ({ request }): FixtureResponse =>
          request.url.searchParams.get("fmt") === "js"
            ? { status: 200, headers: { "content-type": "application/javascript; charset=utf-8" }, body: "" }
            : { status: 200, headers: { "content-type": "image/gif", "cache-control": "no-cache" }, body: TRANSPARENT_GIF },
      },
    ],
  },
];
