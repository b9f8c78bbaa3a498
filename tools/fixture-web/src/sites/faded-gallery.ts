import { type SiteDefinition, siteAssets } from "../site-definition.js";

/**
 * A certificate that expired twelve and a half days ago. Sent without the CA (`leaf_only`), so the test
 * browser verifies it in full and refuses the page, as any browser refuses an expired certificate.
 */
export const FADED_GALLERY: SiteDefinition = {
  id: "faded-gallery",
  host: "www.faded-gallery.test",
  description: "A photo gallery whose certificate expired 12 days ago: browsers refuse the page; HTTP still redirects to HTTPS.",
  assets: siteAssets("faded-gallery"),
  httpsOnly: true,
  tls: { notBeforeDays: -102.5, notAfterDays: -12.5, chain: "leaf_only" },
};
