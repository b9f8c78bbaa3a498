/**
 * The human pages' renderers (markup, styles, the report's script: a sizeable share of the package), loaded at
 * the first request that renders one. An API process that never serves a page, such as the Lambda function
 * answering JSON, never compiles them; once loaded, every later call has them at once.
 */
export const loadReportPages = () => import("../report/index.js");
