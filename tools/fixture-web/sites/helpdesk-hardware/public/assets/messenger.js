/* global window, document */
// Intercom's install snippet (written out): an `Intercom` stub that queues calls until the Messenger takes
// over, and the app's loader from widget.intercom.io once the page has loaded. Nothing waits for consent.
window.intercomSettings = { api_base: "https://api-iam.intercom.io", app_id: "hw4k9p2d" };
(() => {
  if (typeof window.Intercom === "function") {
    window.Intercom("update", window.intercomSettings);
    return;
  }
  const intercom = (...args) => intercom.q.push(args);
  intercom.q = [];
  window.Intercom = intercom;
  const load = () => {
    const script = document.createElement("script");
    script.async = true;
    script.src = `https://widget.intercom.io/widget/${window.intercomSettings.app_id}`;
    const first = document.getElementsByTagName("script")[0];
    first.parentNode.insertBefore(script, first);
  };
  if (document.readyState === "complete") load();
  else window.addEventListener("load", load, false);
})();
