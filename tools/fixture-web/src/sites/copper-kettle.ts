import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** A banner that remembers: the choice is a first-party cookie every page reads. */
export const COPPER_KETTLE: SiteDefinition = {
  id: "copper-kettle",
  host: "www.copper-kettle.test",
  description:
    "A tea room with its own cookie banner (accept all, reject all) that stores the answer in a first-party cookie read on every page: no banner after a choice, Google Analytics only where the stored answer is accept. A nav link leads to /teas.",
  assets: siteAssets("copper-kettle"),
  httpsOnly: true,
};
