/* global self */
// Metrics Hub service worker. It takes control at once and does nothing else: no cache, no fetch
// handler, so it changes no request the scanner sees. Its registration is what the fixture plants.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
