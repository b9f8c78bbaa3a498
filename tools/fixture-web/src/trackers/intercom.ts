import { trackerAssets } from "../site-definition.js";
import type { VirtualHost } from "../virtual-host.js";
import { scriptResponse } from "./script-response.js";

/**
 * Intercom's Messenger: the per-app loader on widget.intercom.io, the Messenger bundle on js.intercomcdn.com
 * and the Messenger API on api-iam.intercom.io (the US region's host, which `api_base` in the snippet names).
 */
export const INTERCOM_HOSTS: readonly VirtualHost[] = [
  {
    host: "widget.intercom.io",
    assets: trackerAssets("widget.intercom.io"),
    cors: true,
    routes: [
      {
        // Intercom app ids are eight lower-case letters and digits.
        path: /^\/widget\/[a-z0-9]{8}$/,
        respond: async ({ request, readAsset }) =>
          scriptResponse(await readAsset("widget.js", { INTERCOM_APP_ID: request.url.pathname.split("/")[2] ?? "" })),
      },
    ],
  },
  { host: "js.intercomcdn.com", assets: trackerAssets("js.intercomcdn.com"), cors: true },
  {
    host: "api-iam.intercom.io",
    cors: true,
    routes: [
      {
        // The Messenger's ping: form-encoded, so the browser sends it without a preflight.
        methods: ["POST"],
        path: "/messenger/web/ping",
        respond: () => ({
          status: 200,
          headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
          body: JSON.stringify({ type: "ping", app: { launcher_alignment: "right", color: "#1f6feb" }, user: null }),
        }),
      },
    ],
  },
];
