import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** A cookie wall of no known CMP: accept or open the settings, whose purposes are already switched on; reject only there. */
export const KAFFEEHAUS_WIEN: SiteDefinition = {
  id: "kaffeehaus-wien",
  host: "www.kaffeehaus-wien.test",
  description:
    "A coffee roaster's shop (German) behind a hand-written cookie wall: a dark full-viewport backdrop locks the page, with a big 'Alle akzeptieren' button and an 'Einstellungen' link; the settings show Statistik and Marketing switched on, Komfort off, and offer 'Auswahl speichern' and 'Alle ablehnen'. The choice goes in the kw_consent cookie. Nothing is set before consent.",
  assets: siteAssets("kaffeehaus-wien"),
  httpsOnly: true,
};
