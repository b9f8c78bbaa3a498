/* global location */
// Counts a map view with Google Analytics, unless the browser sends the Global Privacy Control signal.
if (navigator.globalPrivacyControl !== true) {
  const query = new URLSearchParams({ v: "2", tid: "G-TR41LM4P5X", cid: "__CANARY__", en: "map_view", dl: location.href });
  navigator.sendBeacon(`https://region1.google-analytics.com/g/collect?${query}`);
}
