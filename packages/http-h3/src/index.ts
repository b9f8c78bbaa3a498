/**
 * @public-scan/http-h3: the REST /api/v2 surface of public-scan on h3 (`createRestApp(...).fetch`), its
 * report page, and the reference Node server.
 */
export { createRestApp } from "./rest/create-rest-app.js";
export type { RestAppOptions, SurfaceHandler } from "./rest/rest-app-options.js";
export { DEFAULT_MAX_BODY_BYTES } from "./rest/rest-app-options.js";
export { createClientAddressResolver } from "./rest/create-client-address-resolver.js";
export { toErrorResponse } from "./rest/to-json-response.js";
export { REPORT_ROUTE } from "./rest/create-report-route.js";
export { addProbeRoutes, createProbeApp, PROBE_PATHS } from "./rest/create-probe-app.js";
export type { ProbeRoutesOptions } from "./rest/create-probe-app.js";
export { renderErrorPage, renderPendingPage, renderReportPage } from "./report/index.js";
// The escaping template of the report pages, for a host's own server-rendered pages (the account pages).
export { escapeHtml, markup, SafeHtml, trustedHtml } from "./report/markup.js";
export type { HtmlValue } from "./report/markup.js";
export { toCspHash } from "./report/to-content-security-policy.js";
export { serveRestApp } from "./server/serve-rest-app.js";
export type { ServeRestAppOptions } from "./server/serve-rest-app.js";
