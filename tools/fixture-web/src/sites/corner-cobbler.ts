import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** A site with no HTTPS at all: plain HTTP only, and a TLS handshake on its name fails. */
export const CORNER_COBBLER: SiteDefinition = {
  id: "corner-cobbler",
  host: "www.corner-cobbler.test",
  url: "http://www.corner-cobbler.test/",
  description: "A shoe-repair shop whose site never moved to HTTPS: plain HTTP only, no certificate, no redirect, no HSTS.",
  assets: siteAssets("corner-cobbler"),
  tls: "none",
};
