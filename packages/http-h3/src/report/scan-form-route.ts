/** Where the home page's scan form posts: a form-encoded `url`, answered with a redirect to the scan's report page. */
export const SCAN_FORM_ROUTE = "/scan";
