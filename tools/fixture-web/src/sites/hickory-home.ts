import { type SiteDefinition, siteAssets } from "../site-definition.js";
import { gpcJsonRoute } from "./gpc-json-route.js";
import { GPP_CMP_MOUNTS } from "./gpp-cmp-mounts.js";

/** A US store whose IAB GPP CMP honours Global Privacy Control: opted out in its strings, and no advertising tag. */
export const HICKORY_HOME: SiteDefinition = {
  id: "hickory-home",
  host: "www.hickory-home.test",
  description:
    "A US furniture store without a banner, with a 'Do Not Sell or Share' link and an IAB GPP CMP (@iabgpp/cmpapi, CMP id 300) that honours Global Privacy Control: without it, the usnat section says did not opt out (GPC sub-section false), __uspapi says 1YNN and the Meta pixel loads; with navigator.globalPrivacyControl, sale, sharing and targeted advertising are opted out (GPC true), 1YYN, and no pixel. gpc.json claims support.",
  assets: siteAssets("hickory-home"),
  mounts: GPP_CMP_MOUNTS,
  routes: [gpcJsonRoute(JSON.stringify({ gpc: true, lastUpdate: "2026-01-01" }))],
  httpsOnly: true,
};
