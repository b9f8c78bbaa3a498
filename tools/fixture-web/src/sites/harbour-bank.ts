import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** Transport done right: a 301 from HTTP, HSTS with includeSubDomains and preload, and the privacy headers. */
export const HARBOUR_BANK: SiteDefinition = {
  id: "harbour-bank",
  host: "www.harbour-bank.test",
  description:
    "A savings bank: HTTP answers 301 to HTTPS, HSTS for two years with includeSubDomains and preload, Referrer-Policy, Permissions-Policy and an enforced CSP.",
  assets: siteAssets("harbour-bank"),
  httpsOnly: true,
  headers: {
    "strict-transport-security": "max-age=63072000; includeSubDomains; preload",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
    "content-security-policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'self'",
  },
};
