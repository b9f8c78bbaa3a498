import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** A valid certificate with five days left: a renewal that is about to be missed. */
export const LATE_BLOOM: SiteDefinition = {
  id: "late-bloom",
  host: "www.late-bloom.test",
  description: "A florist whose certificate is still valid but expires in 5 days; HTTPS-only with HSTS for one year.",
  assets: siteAssets("late-bloom"),
  httpsOnly: true,
  tls: { validity: { notBeforeDays: -84.5, notAfterDays: 5.5 } },
  headers: { "strict-transport-security": "max-age=31536000" },
};
