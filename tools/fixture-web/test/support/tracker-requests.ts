import { CANARY } from "../../src/index.js";

/** A request a simulated tracker must answer the way the real one does, as the fixture sites' scripts make it. */
export interface TrackerRequest {
  method?: "GET" | "POST";
  host: string;
  path: string;
  status: number;
  /** Expected start of the Content-Type header, when there is a body. */
  contentType?: string;
  /** URLs (or their fixed beginnings) the served script must itself call or load: its request shapes. */
  calls?: readonly string[];
}

/**
 * Every tracker URL the fixture sites use, with the answer expected. The ids are those of the sites'
 * snippets (GA4 G-DC7Q2K4M9B, Floodlight 8675309, pixel 918273645546372, Hotjar 3456789, Segment write
 * key, LinkedIn partner 4872210, Clarity project k3x9p2m7qa, Intercom app hw4k9p2d).
 */
export const TRACKER_REQUESTS: readonly TrackerRequest[] = [
  {
    host: "www.googletagmanager.com",
    path: `/gtag/js?id=G-DC7Q2K4M9B&cb=${CANARY}`,
    status: 200,
    contentType: "text/javascript",
    calls: ["https://region1.google-analytics.com/g/collect?", "https://ad.doubleclick.net/activity;"],
  },
  {
    method: "POST",
    host: "region1.google-analytics.com",
    path: `/g/collect?v=2&tid=G-DC7Q2K4M9B&cid=${CANARY}.1&en=page_view`,
    status: 204,
  },
  { method: "POST", host: "www.google-analytics.com", path: `/g/collect?v=2&tid=G-DC7Q2K4M9B&cid=${CANARY}.1&en=page_view`, status: 204 },
  {
    host: "ad.doubleclick.net",
    path: `/activity;register_conversion=1;src=8675309;type=pagev0;cat=dcour0;ord=1?auiddc=${CANARY}&dc_pre=1&gcd=13l3l3l3l5l1&npa=0`,
    status: 200,
    contentType: "image/gif",
  },
  {
    host: "www.youtube.com",
    path: `/embed/M7lc1UVf-VE?si=${CANARY}`,
    status: 200,
    contentType: "text/html",
    calls: ["/s/player/3c3e9a1f/www-embed-player.js"],
  },
  {
    host: "www.youtube.com",
    path: "/s/player/3c3e9a1f/www-embed-player.js",
    status: 200,
    contentType: "text/javascript",
    calls: ["https://www.youtube.com/generate_204?"],
  },
  { host: "www.youtube.com", path: "/s/player/3c3e9a1f/www-player.css", status: 200, contentType: "text/css" },
  { method: "POST", host: "www.youtube.com", path: `/generate_204?cpn=${CANARY}`, status: 204 },
  {
    host: "connect.facebook.net",
    path: "/en_US/fbevents.js",
    status: 200,
    contentType: "text/javascript",
    calls: ["https://connect.facebook.net/signals/config/", "https://www.facebook.com/tr/?"],
  },
  {
    host: "connect.facebook.net",
    path: `/signals/config/918273645546372?v=2.9.179&r=stable&cb=${CANARY}`,
    status: 200,
    contentType: "text/javascript",
  },
  { host: "www.facebook.com", path: `/tr/?id=918273645546372&ev=PageView&fbp=fb.1.1.${CANARY}`, status: 200, contentType: "image/gif" },
  { host: "www.facebook.com", path: `/tr?id=918273645546372&ev=PageView&noscript=1&cb=${CANARY}`, status: 200, contentType: "image/gif" },
  {
    host: "static.hotjar.com",
    path: `/c/hotjar-3456789.js?sv=6&cb=${CANARY}`,
    status: 200,
    contentType: "text/javascript",
    calls: ["https://script.hotjar.com/", "modules.3f9a1c2b7d.js"],
  },
  { host: "script.hotjar.com", path: "/modules.3f9a1c2b7d.js", status: 200, contentType: "text/javascript" },
  {
    host: "cdn.segment.com",
    path: "/analytics.js/v1/Xk3mP9qR2sT7vW1yZ4aB6cD8/analytics.min.js",
    status: 200,
    contentType: "text/javascript",
    calls: ["https://cdn.segment.com/v1/projects/", "https://api.segment.io/v1/"],
  },
  { host: "cdn.segment.com", path: "/v1/projects/Xk3mP9qR2sT7vW1yZ4aB6cD8/settings", status: 200, contentType: "application/json" },
  { method: "POST", host: "api.segment.io", path: "/v1/p", status: 200, contentType: "application/json" },
  {
    host: "snap.licdn.com",
    path: "/li.lms-analytics/insight.min.js",
    status: 200,
    contentType: "text/javascript",
    calls: ["https://px.ads.linkedin.com/collect/?"],
  },
  { host: "px.ads.linkedin.com", path: `/collect/?v=2&fmt=gif&pid=4872210&li_adsId=${CANARY}`, status: 200, contentType: "image/gif" },
  { host: "px.ads.linkedin.com", path: `/collect/?pid=4872210&fmt=gif&cb=${CANARY}`, status: 200, contentType: "image/gif" },
  {
    host: "www.clarity.ms",
    path: "/tag/k3x9p2m7qa",
    status: 200,
    contentType: "text/javascript",
    calls: ["https://www.clarity.ms/s/0.8.9/clarity.js"],
  },
  { host: "www.clarity.ms", path: "/s/0.8.9/clarity.js", status: 200, contentType: "text/javascript" },
  { method: "POST", host: "www.clarity.ms", path: "/collect", status: 204 },
  {
    host: "widget.intercom.io",
    path: "/widget/hw4k9p2d",
    status: 200,
    contentType: "text/javascript",
    calls: ["https://js.intercomcdn.com/frame-modern.5c1f8e2a.js"],
  },
  {
    host: "js.intercomcdn.com",
    path: "/frame-modern.5c1f8e2a.js",
    status: 200,
    contentType: "text/javascript",
    calls: ["https://api-iam.intercom.io", "/messenger/web/ping"],
  },
  { method: "POST", host: "api-iam.intercom.io", path: "/messenger/web/ping", status: 200, contentType: "application/json" },
];
