import { trackerAssets } from "../site-definition.js";
import type { VirtualHost } from "../virtual-host.js";
import { scriptResponse } from "./script-response.js";

/**
 * Microsoft Clarity on one host. The real tag loads clarity.js from scripts.clarity.ms and uploads to a
 * lettered host (k.clarity.ms); here everything stays on www.clarity.ms, the one Clarity host the
 * scanner's catalogue and the ground truth agree on.
 */
export const MICROSOFT_HOSTS: readonly VirtualHost[] = [
  {
    host: "www.clarity.ms",
    assets: trackerAssets("www.clarity.ms"),
    cors: true,
    routes: [
      {
        path: /^\/tag\/[a-z0-9]{6,16}$/,
        respond: async ({ request, readAsset }) =>
          scriptResponse(await readAsset("tag.js", { PROJECT_ID: request.url.pathname.split("/")[2] ?? "" })),
      },
      { methods: ["POST"], path: "/collect", respond: () => ({ status: 204 }) },
    ],
  },
];
