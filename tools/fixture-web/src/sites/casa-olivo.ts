import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** A cosmetic notice: it informs and offers no choice, only "Ho capito". */
export const CASA_OLIVO: SiteDefinition = {
  id: "casa-olivo",
  host: "www.casa-olivo.test",
  description:
    "A farm stay (Italian) with a hand-written cookie notice whose only button is 'Ho capito' ('continuing means accepting'). Nothing is set before consent.",
  assets: siteAssets("casa-olivo"),
  httpsOnly: true,
};
