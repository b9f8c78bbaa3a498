import { type SiteDefinition, siteAssets } from "../site-definition.js";

/**
 * A hostile page for the egress guard's tests: it points subresources at loopback, private and
 * cloud-metadata addresses in several spellings. Served over plain HTTP (and HTTPS): from an HTTPS page,
 * Chromium would block the http:// scripts, frames and fetches as mixed content before any request, and
 * the guard would never be exercised.
 */
export const SSRF_LAB: SiteDefinition = {
  id: "ssrf-lab",
  host: "www.ssrf-lab.test",
  url: "http://www.ssrf-lab.test/",
  description:
    "A page whose subresources target 169.254.169.254, 127.0.0.1 on the fixture's own port, 2130706433, [::ffff:127.0.0.1], 10.0.0.1, metadata.google.internal, a host outside allowPrivateTargets, and a redirect to http://127.0.0.1/: every one must be refused.",
  assets: siteAssets("ssrf-lab"),
  routes: [
    {
      path: "/redirect-to-loopback",
      respond: () => ({ status: 302, headers: { location: "http://127.0.0.1/", "cache-control": "no-store" } }),
    },
  ],
};
