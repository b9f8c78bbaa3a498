import { type SiteDefinition, siteAssets } from "../site-definition.js";

/** A modern single-page SaaS landing page: marketing tags, every kind of browser storage, a WebSocket and a service worker. */
export const METRICS_HUB: SiteDefinition = {
  id: "metrics-hub",
  host: "www.metrics-hub.test",
  description:
    "A SaaS landing page without a banner: Segment, the LinkedIn Insight Tag and Microsoft Clarity before consent, plus sessionStorage, IndexedDB, a first-party WebSocket (/live, echo) and a service worker (/sw.js).",
  assets: siteAssets("metrics-hub"),
  websocketPaths: ["/live"],
  httpsOnly: true,
  headers: { "strict-transport-security": "max-age=63072000; includeSubDomains" },
};
