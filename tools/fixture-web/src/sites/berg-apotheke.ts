import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** A consent banner inside an open shadow root. */
export const BERG_APOTHEKE: SiteDefinition = {
  id: "berg-apotheke",
  host: "www.berg-apotheke.test",
  description:
    "A pharmacy (German) whose hand-written banner is a <cookie-hinweis> web component with an open shadow root: 'Alle akzeptieren', 'Alle ablehnen', 'Einstellungen'. Nothing is set before consent.",
  assets: siteAssets("berg-apotheke"),
  httpsOnly: true,
};
