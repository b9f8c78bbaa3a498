/* global window, document, location, screen, Image */
// Simulated Meta Pixel library (fbevents.js) for the public-scan fixture web. It takes over the `fbq`
// stub of the standard snippet, replays its queue, loads each pixel's config from
// connect.facebook.net/signals/config/<id>, sets the first-party `_fbp` browser id on the registrable
// domain (fb.1.<ms>.<random>, 90 days) and reports events with an image ping to www.facebook.com/tr/.
(() => {
  const CANARY = "__CANARY__";
  const VERSION = "2.9.179";
  const NINETY_DAYS = 7776000;
  const fbq = window.fbq;
  if (typeof fbq !== "function" || typeof fbq.callMethod === "function") return;
  const startedAt = Date.now();
  const pixels = [];

  const cookieDomain = () => location.hostname.split(".").slice(-2).join(".");
  const browserId = () => {
    const found = document.cookie.split("; ").find((pair) => pair.startsWith("_fbp="));
    if (found !== undefined) return found.slice(5);
    const value = `fb.1.${startedAt}.${CANARY}-${Math.floor(Math.random() * 2147483647)}`;
    document.cookie = `_fbp=${value}; path=/; domain=.${cookieDomain()}; max-age=${NINETY_DAYS}; SameSite=Lax`;
    return value;
  };

  const loadConfig = (pixelId) => {
    const script = document.createElement("script");
    script.async = true;
    script.src = `https://connect.facebook.net/signals/config/${pixelId}?v=${VERSION}&r=stable&domain=${location.hostname}&cb=${CANARY}`;
    document.head.appendChild(script);
  };

  const send = (pixelId, event) => {
    const query = new URLSearchParams({
      id: pixelId,
      ev: event,
      dl: location.href,
      rl: document.referrer,
      if: "false",
      ts: String(Date.now()),
      sw: String(screen.width),
      sh: String(screen.height),
      v: VERSION,
      r: "stable",
      ec: "0",
      o: "4126",
      fbp: browserId(),
      it: String(startedAt),
      coo: "false",
      rqm: "GET",
    });
    new Image().src = `https://www.facebook.com/tr/?${query}`;
  };

  fbq.callMethod = (command, ...args) => {
    if (command === "init" && typeof args[0] === "string") {
      pixels.push(args[0]);
      loadConfig(args[0]);
    } else if (command === "track" || command === "trackCustom") {
      pixels.forEach((pixelId) => send(pixelId, args[0]));
    }
  };
  fbq.registerPlugin = () => {};
  fbq.queue.splice(0).forEach((args) => fbq.callMethod(...args));
})();
