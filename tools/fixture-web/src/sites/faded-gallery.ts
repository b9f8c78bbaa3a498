import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** A certificate that expired twelve and a half days ago: browsers refuse the page, fixture CA trusted or not. */
export const FADED_GALLERY: SiteDefinition = {
  id: "faded-gallery",
  host: "www.faded-gallery.test",
  description: "A photo gallery whose certificate expired 12 days ago: browsers refuse the page; HTTP still redirects to HTTPS.",
  assets: siteAssets("faded-gallery"),
  httpsOnly: true,
  tls: { validity: { notBeforeDays: -102.5, notAfterDays: -12.5 } },
};
