import { trackerAssets } from "../site-definition.js";
import type { VirtualHost } from "../virtual-host.js";
import { scriptResponse } from "./script-response.js";

/** Segment's hosts: analytics.js and the source settings on cdn.segment.com, the tracking API on api.segment.io. */
export const SEGMENT_HOSTS: readonly VirtualHost[] = [
  {
    host: "cdn.segment.com",
    assets: trackerAssets("cdn.segment.com"),
    cors: true,
    routes: [
      {
        path: /^\/analytics\.js\/v1\/[A-Za-z0-9]{8,64}\/analytics\.min\.js$/,
        respond: async ({ request, readAsset }) =>
          scriptResponse(await readAsset("analytics.min.js", { WRITE_KEY: request.url.pathname.split("/")[3] ?? "" })),
      },
      {
        path: /^\/v1\/projects\/[A-Za-z0-9]{8,64}\/settings$/,
        respond: async ({ request, readAsset }) => {
          const asset = await readAsset("settings.json", { WRITE_KEY: request.url.pathname.split("/")[3] ?? "" });
          return asset === undefined
            ? { status: 404 }
            : { status: 200, headers: { "content-type": asset.contentType, "cache-control": "public, max-age=120" }, body: asset.body };
        },
      },
    ],
  },
  {
    host: "api.segment.io",
    cors: true,
    routes: [
      {
        // page, track, identify, group, alias, screen, and batched calls.
        methods: ["POST"],
        path: /^\/v1\/(p|t|i|g|a|s|page|track|identify|group|alias|screen|batch)$/,
        respond: () => ({ status: 200, headers: { "content-type": "application/json; charset=utf-8" }, body: '{"success":true}' }),
      },
    ],
  },
];
