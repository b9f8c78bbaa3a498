/* global window, document */
// Simulated Hotjar site bootstrap for site __HOTJAR_SITE_ID__ (static.hotjar.com/c/hotjar-<id>.js): like
// the real one it publishes the site settings and loads the modules bundle from script.hotjar.com, which
// does the tracking.
(() => {
  window.hjSiteSettings = window.hjSiteSettings || {
    site_id: Number("__HOTJAR_SITE_ID__"),
    rec_value: 0.0,
    state_change_listen_mode: "automatic",
    record: true,
    continuous_capture_enabled: true,
    recording_capture_keystrokes: false,
    anonymize_digits: true,
    anonymize_emails: true,
    suppress_all: false,
    polls: [],
    surveys: [],
    feedback_widgets: [],
  };
  window.hjBootstrap =
    window.hjBootstrap ||
    ((base, modules, siteId) => {
      window.hjBootstrapCalled = (window.hjBootstrapCalled || []).concat(siteId);
      const script = document.createElement("script");
      script.async = true;
      script.src = base + modules;
      document.head.appendChild(script);
    });
  window.hjBootstrap("https://script.hotjar.com/", "modules.3f9a1c2b7d.js", "__HOTJAR_SITE_ID__");
})();
