import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** HTTPS with a redirect from HTTP, but no HSTS and none of the privacy headers. */
export const VILLAGE_LIBRARY: SiteDefinition = {
  id: "village-library",
  host: "www.village-library.test",
  description:
    "A parish library: HTTPS with a valid certificate and a 301 from HTTP, but no HSTS, no Referrer-Policy, no Permissions-Policy and no CSP.",
  assets: siteAssets("village-library"),
  httpsOnly: true,
};
