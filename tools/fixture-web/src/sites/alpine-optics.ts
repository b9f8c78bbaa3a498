import { packageDir } from "../package-dir.js";
import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** Google Consent Mode v2 done right: everything denied until the banner's answer, which updates it. */
export const ALPINE_OPTICS: SiteDefinition = {
  id: "alpine-optics",
  host: "www.alpine-optics.test",
  description:
    "An optician with a vanilla-cookieconsent banner (accept all, reject all, manage) and Google Consent Mode v2: a default that denies all four signals (wait_for_update 500), GA4 and a Floodlight event; reject updates them all denied, accept all granted. Before consent and after reject Google gets only cookieless pings; accept brings _ga, _ga_<id> and IDE.",
  assets: siteAssets("alpine-optics"),
  mounts: [{ prefix: "/vendor/cookieconsent/", dir: new URL("dist/", packageDir("vanilla-cookieconsent")) }],
  httpsOnly: true,
};
