/* global window */
// Simulated Meta Pixel config for pixel __PIXEL_ID__ (connect.facebook.net/signals/config/<id>): the real
// file registers the pixel's plugins (automatic matching, inferred events); this one registers none.
(() => {
  if (window.fbq && typeof window.fbq.registerPlugin === "function") {
    window.fbq.registerPlugin("config:__PIXEL_ID__", { __fbEventsPlugin: 1, plugin: () => {} });
  }
})();
