/* global window, document */
// Simulated Intercom loader for app __INTERCOM_APP_ID__ (widget.intercom.io/widget/<app_id>): like the real
// one it makes sure the Messenger knows its app, then loads the Messenger bundle from js.intercomcdn.com,
// which does the rest.
(() => {
  window.intercomSettings = window.intercomSettings || {};
  window.intercomSettings.app_id = window.intercomSettings.app_id || "__INTERCOM_APP_ID__";
  const script = document.createElement("script");
  script.async = true;
  script.src = "https://js.intercomcdn.com/frame-modern.5c1f8e2a.js";
  document.head.appendChild(script);
})();
