import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** A banner that forgets: the choice lives in the page, and a tag fires on internal navigations regardless. */
export const GOLDFISH_TOYS: SiteDefinition = {
  id: "goldfish-toys",
  host: "www.goldfish-toys.test",
  description:
    "A toy shop with its own cookie banner (accept all, reject all) that keeps the answer in memory only, so it asks again on every page, and a tag that sends a Google Analytics page view on any page reached from another page of the shop, without asking. A nav link leads to /toys.",
  assets: siteAssets("goldfish-toys"),
  httpsOnly: true,
};
