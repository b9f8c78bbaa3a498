import { trackerAssets } from "../site-definition.js";
import { TRANSPARENT_GIF } from "../transparent-gif.js";
import type { FixtureResponse, VirtualHost } from "../virtual-host.js";
import { scriptResponse } from "./script-response.js";

const PIXEL: FixtureResponse = {
  status: 200,
  headers: { "content-type": "image/gif", "cache-control": "no-cache, no-store, must-revalidate" },
  body: TRANSPARENT_GIF,
};

/** Meta's hosts: the pixel library and its per-pixel config on connect.facebook.net, the `/tr` endpoint on www.facebook.com. */
export const META_HOSTS: readonly VirtualHost[] = [
  {
    host: "connect.facebook.net",
    assets: trackerAssets("connect.facebook.net"),
    cors: true,
    routes: [
      {
        path: /^\/signals\/config\/\d{6,20}$/,
        respond: async ({ request, readAsset }) =>
          scriptResponse(await readAsset("signals-config.js", { PIXEL_ID: request.url.pathname.split("/").at(-1) ?? "" })),
      },
    ],
  },
  {
    host: "www.facebook.com",
    cors: true,
    routes: [{ methods: ["GET", "HEAD", "POST"], path: /^\/tr\/?$/, respond: () => PIXEL }],
  },
];
