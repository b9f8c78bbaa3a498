/* global window, document, location */
// Goldfish Toys' Google Analytics, and a tag that waits for a navigation: a page view is sent at once for
// a visitor who came from another page of the shop (a same-site document.referrer), without asking the
// banner. The landing page sends nothing before consent, so a visit that never leaves it looks compliant.
(() => {
  const loadAnalytics = () => {
    if (window.gtag) return;
    window.dataLayer = window.dataLayer || [];
    window.gtag = function gtag() {
      window.dataLayer.push(arguments);
    };
    window.gtag("js", new Date());
    window.gtag("config", "G-G0LDF15HT0");
    const script = document.createElement("script");
    script.async = true;
    script.src = "https://www.googletagmanager.com/gtag/js?id=G-G0LDF15HT0&cb=__CANARY__";
    document.head.appendChild(script);
  };
  // The banner's accept loads it too (consent.js).
  window.loadGoldfishAnalytics = loadAnalytics;

  const cameFrom = URL.canParse(document.referrer) ? new URL(document.referrer).hostname : null;
  // The bug: the "internal page view" trigger never looks at the visitor's answer.
  if (cameFrom === location.hostname) loadAnalytics();
})();
