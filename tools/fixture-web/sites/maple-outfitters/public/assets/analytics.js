/* global window, document */
// Google Analytics, unless the browser sends the Global Privacy Control signal.
if (navigator.globalPrivacyControl !== true) {
  window.dataLayer = window.dataLayer || [];
  window.gtag = function gtag() {
    window.dataLayer.push(arguments);
  };
  window.gtag("js", new Date());
  window.gtag("config", "G-M4PL3OUT7Q");
  const script = document.createElement("script");
  script.async = true;
  script.src = "https://www.googletagmanager.com/gtag/js?id=G-M4PL3OUT7Q&cb=__CANARY__";
  document.head.appendChild(script);
}
