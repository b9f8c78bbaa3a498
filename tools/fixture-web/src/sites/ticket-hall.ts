import { packageDir } from "../package-dir.js";
import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** Reject that only looks like it works: the banner closes and stores the refusal, and the tags start. */
export const TICKET_HALL: SiteDefinition = {
  id: "ticket-hall",
  host: "www.ticket-hall.test",
  description:
    "A ticket shop with a vanilla-cookieconsent banner (accept all, reject all, manage) whose onConsent callback loads Google Analytics and the Meta pixel after any answer, reject included. Nothing is set before consent.",
  assets: siteAssets("ticket-hall"),
  mounts: [{ prefix: "/vendor/cookieconsent/", dir: new URL("dist/", packageDir("vanilla-cookieconsent")) }],
  httpsOnly: true,
};
