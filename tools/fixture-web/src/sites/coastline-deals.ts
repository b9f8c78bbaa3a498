import { type SiteDefinition, siteAssets } from "../site-definition.js";
import { gpcJsonRoute } from "./gpc-json-route.js";
import { GPP_CMP_MOUNTS } from "./gpp-cmp-mounts.js";

/** A California deals site whose IAB GPP CMP ignores Global Privacy Control, though its gpc.json claims support. */
export const COASTLINE_DEALS: SiteDefinition = {
  id: "coastline-deals",
  host: "www.coastline-deals.test",
  description:
    "A California deals site without a banner, with a 'Do Not Sell or Share' link and an IAB GPP CMP (@iabgpp/cmpapi, CMP id 300) that ignores Global Privacy Control: with or without it, the usnat and usca sections say did not opt out (GPC sub-sections false), __uspapi says 1YNN and the Meta pixel loads, while gpc.json claims support (without lastUpdate).",
  assets: siteAssets("coastline-deals"),
  mounts: GPP_CMP_MOUNTS,
  routes: [gpcJsonRoute(JSON.stringify({ gpc: true }))],
  httpsOnly: true,
};
