import { TRANSPARENT_GIF } from "../transparent-gif.js";
import type { FixtureResponse, VirtualHost } from "../virtual-host.js";

/**
 * Third-party services a site loads that are not trackers: what each simulated service host is, in the
 * vendor and category names of the scanner's catalogue (core's `SERVICE_CATEGORIES`). A site's ground truth
 * lists a service under `preConsent.services` when the browser sends its host any request before consent.
 */
export const SERVICE_VENDORS = {
  "fonts.googleapis.com": { vendor: "Google", category: "fonts" },
  "fonts.gstatic.com": { vendor: "Google", category: "fonts" },
  "cdn.jsdelivr.net": { vendor: "jsDelivr", category: "static_cdn" },
  "i.ytimg.com": { vendor: "Google", category: "media_cdn" },
} as const;

const FONT_FILE = "/s/lora/v32/0QI6MX1D_JOuGQbT0gvTJPa787weuxJBkq0.woff2";

/**
 * Google Fonts' stylesheet as `/css2` answers it: one `@font-face` per family, its file on fonts.gstatic.com.
 * The family comes from the query; the canary in the query string is never echoed.
 */
function fontStylesheet(family: string | null): FixtureResponse {
  if (family === null || !/^[A-Za-z ]+(?::[a-z@,;0-9.]+)?$/.test(family)) return { status: 400 };
  const name = family.split(":")[0];
  return {
    status: 200,
    headers: { "content-type": "text/css; charset=utf-8", "cache-control": "private, max-age=86400" },
    body: `@font-face {\n  font-family: '${name}';\n  font-style: normal;\n  font-weight: 400;\n  font-display: swap;\n  src: url(https://fonts.gstatic.com${FONT_FILE}) format('woff2');\n}\n`,
  };
}

/** Simulated service hosts at their real names: a font stylesheet and file, a library on a CDN, a video thumbnail. */
export const SERVICE_HOSTS: readonly VirtualHost[] = [
  {
    host: "fonts.googleapis.com",
    cors: true,
    routes: [{ path: "/css2", respond: ({ request }) => fontStylesheet(request.url.searchParams.get("family")) }],
  },
  {
    host: "fonts.gstatic.com",
    cors: true,
    // Not a real font: the browser still requests it (which is what a scan observes) and then drops it.
    routes: [{ path: FONT_FILE, respond: () => ({ status: 200, headers: { "content-type": "font/woff2" }, body: Buffer.from("wOF2") }) }],
  },
  {
    host: "cdn.jsdelivr.net",
    cors: true,
    routes: [
      {
        path: "/npm/lazysizes@5.3.2/lazysizes.min.js",
        respond: () => ({
          status: 200,
          headers: { "content-type": "application/javascript; charset=utf-8", "cache-control": "public, max-age=31536000" },
          body: "/*! lazysizes stand-in: marks lazy images as loaded */document.documentElement.classList.add('lazysizes');\n",
        }),
      },
    ],
  },
  {
    host: "i.ytimg.com",
    cors: true,
    routes: [
      {
        path: /^\/vi\/[A-Za-z0-9_-]{11}\/hqdefault\.jpg$/,
        respond: () => ({
          status: 200,
          headers: { "content-type": "image/gif", "cache-control": "public, max-age=7200" },
          body: TRANSPARENT_GIF,
        }),
      },
    ],
  },
];
