import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** Third-party services that are not trackers, beside one real tracker: the case of issue 13. */
export const LANTERN_BOOKS: SiteDefinition = {
  id: "lantern-books",
  host: "www.lantern-books.test",
  description:
    "A bookshop without a banner: Google Fonts (fonts.googleapis.com, fonts.gstatic.com), a jsDelivr library and a YouTube thumbnail behind a click-to-play facade (i.ytimg.com, no player), plus a LinkedIn noscript pixel, the one tracker.",
  assets: siteAssets("lantern-books"),
  httpsOnly: true,
  // Issued by the root and sent alone, as a private CA without intermediates does.
  tls: { chain: "leaf_only" },
};
