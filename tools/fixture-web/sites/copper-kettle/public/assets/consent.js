/* global window, document */
// The Copper Kettle's own cookie banner, done right: the answer is stored in a first-party cookie that
// every page reads, so the banner does not come back after a choice, and Google Analytics loads only on
// pages where the stored answer is "accepted" (at once on the page where the visitor accepts).
(() => {
  const COOKIE = "kettle_consent";
  const HALF_A_YEAR = 15552000;
  const stored = document.cookie
    .split("; ")
    .find((pair) => pair.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);

  const loadAnalytics = () => {
    window.dataLayer = window.dataLayer || [];
    window.gtag = function gtag() {
      window.dataLayer.push(arguments);
    };
    window.gtag("js", new Date());
    window.gtag("config", "G-C0PP3RK3TL");
    const script = document.createElement("script");
    script.async = true;
    script.src = "https://www.googletagmanager.com/gtag/js?id=G-C0PP3RK3TL&cb=__CANARY__";
    document.head.appendChild(script);
  };

  if (stored !== undefined && stored.endsWith("-accepted")) return loadAnalytics();
  if (stored !== undefined && stored.endsWith("-rejected")) return;

  const banner = document.createElement("div");
  banner.className = "cookie-bar";
  banner.setAttribute("role", "dialog");
  banner.setAttribute("aria-modal", "true");
  banner.setAttribute("aria-labelledby", "kettle-consent-title");
  banner.innerHTML =
    '<p><strong id="kettle-consent-title">Cookies at The Copper Kettle</strong> ' +
    "We would like to use Google Analytics cookies to count visits. You can accept or reject them.</p>" +
    '<button type="button" data-choice="accepted">Accept all</button>' +
    '<button type="button" data-choice="rejected">Reject all</button>';
  banner.addEventListener("click", (event) => {
    const choice = event.target.getAttribute?.("data-choice");
    if (!choice) return;
    document.cookie = `${COOKIE}=__CANARY__-${choice}; path=/; max-age=${HALF_A_YEAR}; samesite=lax; secure`;
    banner.remove();
    if (choice === "accepted") loadAnalytics();
  });
  document.body.appendChild(banner);
})();
