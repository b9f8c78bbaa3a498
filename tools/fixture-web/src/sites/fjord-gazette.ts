import { type SiteDefinition, siteAssets } from "../site-definition.js";
import { TCF_CMP_MOUNTS } from "./tcf-cmp-mounts.js";

/** An IAB TCF v2.2 CMP done right: nothing granted until the visitor answers, legitimate interest only where allowed. */
export const FJORD_GAZETTE: SiteDefinition = {
  id: "fjord-gazette",
  host: "www.fjord-gazette.test",
  description:
    "A news site (English) with an IAB TCF v2.2 CMP (@iabtcf/cmpapi, CMP id 300) behind a vanilla-cookieconsent banner (accept all, reject all, settings): before an answer its TC string grants nothing (cmpuishown); reject keeps legitimate interest for purposes 2 and 7-11 and the 4 vendors that declare it; accept grants purposes 1-11, all 12 vendors and special feature 1. No trackers.",
  assets: siteAssets("fjord-gazette"),
  mounts: TCF_CMP_MOUNTS,
  httpsOnly: true,
};
