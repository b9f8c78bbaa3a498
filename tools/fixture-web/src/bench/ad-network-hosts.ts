import { formatSetCookie } from "../format-set-cookie.js";
import { TRANSPARENT_GIF } from "../transparent-gif.js";
import type { FixtureResponse, VirtualHost } from "../virtual-host.js";

const html = (body: string): FixtureResponse => ({ status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body });
const script = (body: string): FixtureResponse => ({
  status: 200,
  headers: { "content-type": "application/javascript; charset=utf-8", "cache-control": "public, max-age=3600" },
  body,
});

/**
 * An ad network's tag as they ship: a bundle of a few hundred kilobytes (here a table of creative and
 * targeting data the size of a real bundle) that drops a first-party id cookie, fires a pixel and puts a
 * 300×250 ad frame from its own frame host on the page.
 */
function tagScript(network: number): string {
  const table = Array.from({ length: 1500 }, (_, index) => ({
    id: `${network}-${index}`,
    sizes: [
      [300, 250],
      [728, 90],
    ],
    keywords: ["news", "sport", "finance", "travel"].map((word) => `${word}-${index % 97}`),
    floor: (index % 50) / 10,
  }));
  return `/* adnet-${network} tag */
(function () {
  var config = ${JSON.stringify(table)};
  window.__adnet${network} = { config: config, slots: [] };
  document.cookie = "_adn${network}_id=" + Math.random().toString(36).slice(2) + "; path=/; max-age=31536000; SameSite=Lax";
  new Image().src = "https://static.adnet-${network}.test/px.gif";
  function place() {
    var slot = document.createElement("iframe");
    slot.src = "https://frames.adnet-${network}.test/ad.html";
    slot.width = "300";
    slot.height = "250";
    slot.title = "Advertisement";
    (document.getElementById("ads") || document.body).appendChild(slot);
    window.__adnet${network}.slots.push(slot);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", place); else place();
})();
`;
}

/** The ad frame: a creative that keeps its frames (3 MB) and event log in memory, paints a canvas, and nests the network's user sync. */
function adFrame(network: number): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Ad</title></head>
<body style="margin:0">
<canvas id="creative" width="300" height="250"></canvas>
<script>
  var frames = [];
  for (var i = 0; i < 10; i += 1) frames.push(new Uint8ClampedArray(300 * 250 * 4).fill(i * 4));
  var canvas = document.getElementById("creative").getContext("2d");
  canvas.putImageData(new ImageData(frames[0], 300, 250), 0, 0);
  window.__creative = { frames: frames, events: Array.from({ length: 20000 }, function (_, i) { return { t: i, kind: "view" }; }) };
</script>
<iframe src="https://sync.usersync-${network}.test/sync.html" width="1" height="1" style="display:none" title="sync"></iframe>
</body></html>
`;
}

/**
 * Ad network `network`'s three sites, each a different registrable domain, as with real ad stacks: the tag's
 * CDN, the ad frame's host and the user-sync host. A site-isolating browser runs each cross-site frame in a
 * renderer of its own.
 */
export function adNetworkHosts(network: number): VirtualHost[] {
  const tag = tagScript(network);
  return [
    {
      host: `static.adnet-${network}.test`,
      cors: true,
      routes: [
        { path: "/tag.js", respond: () => script(tag) },
        { path: "/px.gif", respond: () => ({ status: 200, headers: { "content-type": "image/gif" }, body: TRANSPARENT_GIF }) },
      ],
    },
    { host: `frames.adnet-${network}.test`, routes: [{ path: "/ad.html", respond: () => html(adFrame(network)) }] },
    {
      host: `sync.usersync-${network}.test`,
      routes: [
        {
          path: "/sync.html",
          respond: () => ({
            ...html(`<!doctype html><html><body><img src="/px.gif" alt=""></body></html>`),
            headers: {
              "content-type": "text/html; charset=utf-8",
              "set-cookie": formatSetCookie({ name: "uid", value: "bench", maxAgeSeconds: 86_400, secure: true, sameSite: "None" }),
            },
          }),
        },
        { path: "/px.gif", respond: () => ({ status: 200, headers: { "content-type": "image/gif" }, body: TRANSPARENT_GIF }) },
      ],
    },
  ];
}
