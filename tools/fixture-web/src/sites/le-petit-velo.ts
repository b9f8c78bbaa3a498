import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** An accept-only notice: one "J'accepte" button and a link, no way to refuse. */
export const LE_PETIT_VELO: SiteDefinition = {
  id: "le-petit-velo",
  host: "www.le-petit-velo.test",
  description:
    "A bicycle shop (French) with a hand-written cookie bar offering only 'J'accepte' and an 'En savoir plus' link. Nothing is set before consent.",
  assets: siteAssets("le-petit-velo"),
  httpsOnly: true,
};
