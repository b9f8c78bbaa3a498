import { type SiteDefinition, siteAssets } from "../site-definition.js";
import { TCF_CMP_MOUNTS } from "./tcf-cmp-mounts.js";

/** An IAB TCF v2.2 CMP that claims consent before any choice and legitimate interest where TCF 2.2 forbids it. */
export const BAZAAR_DAILY: SiteDefinition = {
  id: "bazaar-daily",
  host: "www.bazaar-daily.test",
  description:
    "A deals site (English) with an IAB TCF v2.2 CMP (@iabtcf/cmpapi, CMP id 300) behind a vanilla-cookieconsent banner (accept, reject, more options): before an answer its TC string already grants purposes 1, 2, 3, 4, 7 and 8 of its 16 vendors (tcloaded); reject claims legitimate interest for purposes 2, 3, 4, 7 and 6 vendors; accept grants everything. No trackers.",
  assets: siteAssets("bazaar-daily"),
  mounts: TCF_CMP_MOUNTS,
  httpsOnly: true,
};
