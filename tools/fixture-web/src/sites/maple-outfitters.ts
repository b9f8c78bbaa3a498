import { type SiteDefinition, siteAssets } from "../site-definition.js";
import { sendsGpc } from "./send-gpc.js";

/** A US store that honours Global Privacy Control on the server, in its page and in its embedded map. */
export const MAPLE_OUTFITTERS: SiteDefinition = {
  id: "maple-outfitters",
  host: "www.maple-outfitters.test",
  description:
    "A US outdoor store without a banner that honours Global Privacy Control: without it, Google Analytics, the Meta pixel and (in a cross-site store-map iframe from www.trail-maps.test) the LinkedIn Insight Tag load; with Sec-GPC: 1 and navigator.globalPrivacyControl, nothing does.",
  assets: siteAssets("maple-outfitters"),
  httpsOnly: true,
  routes: [
    {
      // The advertising tag, answered empty for a request with Sec-GPC: 1 (the signal on a subresource).
      path: "/assets/ads.js",
      respond: async ({ request, readAsset }) => {
        const asset = await readAsset("/assets/ads.js");
        if (asset === undefined) return { status: 404 };
        const body = sendsGpc(request) ? "/* Global Privacy Control: no advertising tags. */\n" : asset.body;
        return { status: 200, headers: { "content-type": asset.contentType, "cache-control": "no-store", vary: "Sec-GPC" }, body };
      },
    },
  ],
};
