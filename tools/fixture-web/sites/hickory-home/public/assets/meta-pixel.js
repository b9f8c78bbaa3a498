/* global window, document */
// Hickory Home's advertising tag, loaded by assets/cmp.js only for a visitor without Global Privacy Control.
// The Meta pixel's base code (Meta's snippet, written out): a `fbq` stub that queues calls until
// fbevents.js takes over, and the library loaded asynchronously.
const loadMetaPixel = (pixelId) => {
  if (!window.fbq) {
    const fbq = function (...args) {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    };
    window.fbq = fbq;
    window._fbq = window._fbq || fbq;
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = "2.0";
    fbq.queue = [];
    const script = document.createElement("script");
    script.async = true;
    script.src = "https://connect.facebook.net/en_US/fbevents.js";
    document.head.appendChild(script);
  }
  window.fbq("init", pixelId);
  window.fbq("track", "PageView");
};
loadMetaPixel("482913570364218");
