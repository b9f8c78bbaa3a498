import { packageDir } from "../package-dir.js";
import { SHARED_MOUNT } from "../shared-mount.js";
import { SITES_DIR } from "../sites-dir.js";
import type { VirtualHost } from "../virtual-host.js";
import { adNetworkHosts } from "./ad-network-hosts.js";
import { encodePhoto } from "./encode-photo.js";

/** The benchmark page's address. */
export const HEAVY_NEWS_URL = "https://www.heavy-news.test/";

const AD_NETWORKS = 6;
const PHOTOS = 12;

/**
 * The memory benchmark's page: heavier than any site of the fixture web, and shaped like a big news front
 * page. A CMP (vanilla-cookieconsent), GA4 and Floodlight, the Meta pixel, Segment, Clarity, LinkedIn and
 * six ad networks' tags before consent; two YouTube embeds; six ad frames, each with a user-sync frame of
 * yet another site (13 cross-site frames on 13 sites); twelve decoded 1200×675 photos; and a front-end
 * script that keeps 240 stories' data in memory. Not a fixture site: it has no ground truth and no test
 * scans it; `startFixtureWeb({ extraHosts: HEAVY_NEWS_HOSTS })` serves it beside the fixture web's trackers.
 */
export function heavyNewsHosts(): VirtualHost[] {
  const photos = Array.from({ length: PHOTOS }, (_, seed) => encodePhoto({ width: 1200, height: 675, seed }));
  const site: VirtualHost = {
    host: "www.heavy-news.test",
    assets: new URL("_bench/heavy-news/", SITES_DIR),
    mounts: [SHARED_MOUNT, { prefix: "/vendor/cookieconsent/", dir: new URL("dist/", packageDir("vanilla-cookieconsent")) }],
    httpsOnly: true,
    routes: [
      {
        path: /^\/photos\/\d+\.png$/,
        respond: ({ request }) => {
          const photo = photos[Number(/\d+/.exec(request.url.pathname)?.[0]) % PHOTOS];
          return { status: 200, headers: { "content-type": "image/png", "cache-control": "public, max-age=86400" }, body: photo };
        },
      },
      {
        path: "/privacy-policy",
        respond: () => ({
          status: 200,
          headers: { "content-type": "text/html; charset=utf-8" },
          body: "<!doctype html><html lang=en><title>Privacy policy</title><h1>Privacy policy</h1><p>We use cookies and share data with advertising partners.</p></html>",
        }),
      },
    ],
  };
  return [site, ...Array.from({ length: AD_NETWORKS }, (_, index) => adNetworkHosts(index + 1)).flat()];
}
