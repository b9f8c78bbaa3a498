import { trackerAssets } from "../site-definition.js";
import type { VirtualHost } from "../virtual-host.js";
import { scriptResponse } from "./script-response.js";

/** Hotjar's hosts: the per-site bootstrap on static.hotjar.com, the modules bundle on script.hotjar.com. */
export const HOTJAR_HOSTS: readonly VirtualHost[] = [
  {
    host: "static.hotjar.com",
    assets: trackerAssets("static.hotjar.com"),
    cors: true,
    routes: [
      {
        path: /^\/c\/hotjar-\d{5,10}\.js$/,
        respond: async ({ request, readAsset }) =>
          scriptResponse(await readAsset("c/hotjar.js", { HOTJAR_SITE_ID: /(\d+)\.js$/.exec(request.url.pathname)?.[1] ?? "" })),
      },
    ],
  },
  { host: "script.hotjar.com", assets: trackerAssets("script.hotjar.com"), cors: true },
];
