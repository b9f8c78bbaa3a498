import { type SiteDefinition, siteAssets } from "../site-definition.js";

/**
 * Mixed content: an HTTPS page that still links a script, an iframe and an image over plain HTTP. The
 * site answers both protocols (no redirect), like many sites half-way through their move to HTTPS.
 */
export const SUNNY_RADIO: SiteDefinition = {
  id: "sunny-radio",
  host: "www.sunny-radio.test",
  description:
    "A local radio station's HTTPS page with plain-HTTP leftovers: a script and an iframe (blocked by browsers) and an image (upgraded to HTTPS); HTTP is served without a redirect.",
  assets: siteAssets("sunny-radio"),
};
