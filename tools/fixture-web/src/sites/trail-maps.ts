import { CANARY } from "../canary.js";
import { type SiteDefinition, siteAssets } from "../site-definition.js";
import { sendsGpc } from "./send-gpc.js";

/** A LinkedIn conversion pixel in the embed's HTML, left out when the document request carries Sec-GPC: 1. */
const MAP_PIXEL = `<img src="https://px.ads.linkedin.com/collect/?pid=5512093&amp;fmt=gif&amp;cb=${CANARY}" alt="" width="1" height="1" />`;

/**
 * A store-locator vendor whose embed (in maple-outfitters, a cross-site and so out-of-process iframe)
 * honours Global Privacy Control: its document request (sent for the parent) and its analytics script
 * (requested by the iframe's own process) check Sec-GPC, its page script `navigator.globalPrivacyControl`.
 * A GPC visit shows whether the signal reaches every frame and target.
 */
export const TRAIL_MAPS: SiteDefinition = {
  id: "trail-maps",
  host: "www.trail-maps.test",
  description:
    "A store-map vendor's site without trackers or banner; its /embed/store-map.html (embedded by maple-outfitters) loads a LinkedIn pixel, the LinkedIn Insight Tag and a Google Analytics beacon only without Global Privacy Control.",
  assets: siteAssets("trail-maps"),
  httpsOnly: true,
  routes: [
    {
      path: "/embed/store-map.html",
      respond: async ({ request, readAsset }) => {
        const asset = await readAsset("/embed/store-map.html", { MAP_PIXEL: sendsGpc(request) ? "" : MAP_PIXEL });
        if (asset === undefined) return { status: 404 };
        return {
          status: 200,
          headers: { "content-type": asset.contentType, "cache-control": "no-store", vary: "Sec-GPC" },
          body: asset.body,
        };
      },
    },
    {
      path: "/embed/map-analytics.js",
      respond: async ({ request, readAsset }) => {
        const asset = await readAsset("/embed/map-analytics.js");
        if (asset === undefined) return { status: 404 };
        const body = sendsGpc(request) ? "/* Global Privacy Control: no analytics. */\n" : asset.body;
        return { status: 200, headers: { "content-type": asset.contentType, "cache-control": "no-store", vary: "Sec-GPC" }, body };
      },
    },
  ],
};
