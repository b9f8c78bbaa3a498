/** The human report pages: pure renderers returning HTML and the Content-Security-Policy header to send with it. */
export { renderReportPage } from "./render-report-page.js";
export type { ReportPageOptions } from "./render-report-page.js";
export { renderPendingPage } from "./render-pending-page.js";
export { renderErrorPage } from "./render-error-page.js";
export type { ErrorPageInput } from "./render-error-page.js";
export type { PageOptions, RenderedPage } from "./render-document.js";
export { renderHomePage } from "./render-home-page.js";
export { SCAN_FORM_ROUTE } from "./scan-form-route.js";
export type { HomePageInput } from "./render-home-page.js";
