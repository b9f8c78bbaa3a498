/* global window, document, location, indexedDB */
// Metrics Hub landing page: attribution, the offline event queue, the live sign-up counter and the
// service worker. Every value stored carries the fixture canary (__CANARY__ is filled in when served).
(() => {
  const CANARY = "__CANARY__";
  const visitor = `${CANARY}-${crypto.randomUUID().slice(0, 8)}`;

  // Landing attribution for the sign-up form, for this tab only.
  const params = new URLSearchParams(location.search);
  if (sessionStorage.getItem("mh_attribution") === null) {
    sessionStorage.setItem(
      "mh_attribution",
      JSON.stringify({
        landing: location.pathname,
        referrer: document.referrer,
        utm_source: params.get("utm_source") || "direct",
        visitor,
      }),
    );
  }

  // Events of the interactive demo are queued in IndexedDB so they survive a reload.
  const request = indexedDB.open("metrics-hub-offline", 1);
  request.onupgradeneeded = () => request.result.createObjectStore("events", { keyPath: "id" });
  request.onsuccess = () => {
    const db = request.result;
    const transaction = db.transaction("events", "readwrite");
    transaction.objectStore("events").put({ id: "first-visit", visitor, at: Date.now() });
    transaction.oncomplete = () => db.close();
  };

  // Live sign-up counter over a first-party WebSocket.
  const counter = document.getElementById("live-count");
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/live?session=${encodeURIComponent(visitor)}`);
  socket.addEventListener("open", () => socket.send(JSON.stringify({ type: "subscribe", channel: "signups" })));
  socket.addEventListener("message", () => {
    if (counter !== null) counter.textContent = (Number(counter.textContent.replace(/,/g, "")) + 1).toLocaleString("en-US");
  });

  // Service worker: lets the docs open offline.
  if ("serviceWorker" in navigator) {
    window.addEventListener("load", () => {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
    });
  }
})();
