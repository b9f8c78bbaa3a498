/* global window, document, location, screen, Image */
// Simulated Google tag (gtag.js), served at www.googletagmanager.com/gtag/js for the public-scan fixture
// web. On page load it does what the real tag does with a GA4 and a Floodlight (DC-) destination
// configured: first-party `_ga` and `_ga_<container>` cookies on the site's registrable domain, a
// `page_view` beacon to region1.google-analytics.com/g/collect, and a Floodlight hit on ad.doubleclick.net
// whose answer sets the third-party `IDE` cookie. Every identifier carries the fixture canary, which the
// server writes in place of __CANARY__.
(() => {
  const CANARY = "__CANARY__";
  const TWO_YEARS = 63072000;
  const loadedAt = Date.now();
  const now = Math.floor(loadedAt / 1000);
  const dataLayer = (window.dataLayer = window.dataLayer || []);

  // gtag's cookie_domain "auto": the highest domain that accepts a cookie, i.e. the registrable domain.
  const cookieDomain = () => location.hostname.split(".").slice(-2).join(".");
  const readCookie = (name) => {
    const found = document.cookie.split("; ").find((pair) => pair.startsWith(`${name}=`));
    return found === undefined ? undefined : found.slice(name.length + 1);
  };
  const writeCookie = (name, value) => {
    document.cookie = `${name}=${value}; path=/; domain=.${cookieDomain()}; max-age=${TWO_YEARS}`;
  };

  const clientId = () => {
    const existing = readCookie("_ga");
    if (existing !== undefined) return existing.split(".").slice(2).join(".");
    const id = `${CANARY}-${Math.floor(Math.random() * 2147483647)}.${now}`;
    writeCookie("_ga", `GA1.1.${id}`);
    return id;
  };

  const pageView = (measurementId) => {
    const cid = clientId();
    const sessionCookie = `_ga_${measurementId.replace(/^G-/, "")}`;
    if (readCookie(sessionCookie) === undefined) writeCookie(sessionCookie, `GS1.1.${now}.1.0.${now}.0.0.${CANARY}`);
    const query = new URLSearchParams({
      v: "2",
      tid: measurementId,
      gtm: "45je5ca0v9",
      _p: String(loadedAt),
      cid,
      ul: navigator.language.toLowerCase(),
      sr: `${screen.width}x${screen.height}`,
      _s: "1",
      sid: String(now),
      sct: "1",
      seg: "0",
      dl: location.href,
      dt: document.title,
      en: "page_view",
      _fv: "1",
      _ss: "1",
    });
    navigator.sendBeacon(`https://region1.google-analytics.com/g/collect?${query}`);
  };

  // Floodlight through gtag: send_to "DC-<advertiser>/<type>/<category>+<counting>".
  const floodlight = (sendTo) => {
    const match = /^DC-(\d+)\/([\w-]+)\/([\w-]+)\+/.exec(sendTo);
    if (match === null) return;
    const [, advertiser, type, category] = match;
    const ord = Math.floor(Math.random() * 1e13);
    const query = new URLSearchParams({ auiddc: clientId(), dc_pre: "1" });
    new Image().src = `https://ad.doubleclick.net/activity;register_conversion=1;src=${advertiser};type=${type};cat=${category};ord=${ord};npa=0?${query}`;
  };

  const handle = (args) => {
    const [command, target, params] = args;
    if (command === "config" && typeof target === "string" && target.startsWith("G-")) pageView(target);
    if (command === "event" && params && typeof params.send_to === "string" && params.send_to.startsWith("DC-")) floodlight(params.send_to);
  };
  // gtag() pushes its `arguments` object; replay what the page queued before this script arrived.
  const consume = (entry) => {
    if (entry && typeof entry === "object" && typeof entry.length === "number") handle(Array.from(entry));
  };
  dataLayer.slice().forEach(consume);
  const push = dataLayer.push.bind(dataLayer);
  dataLayer.push = (...entries) => {
    entries.forEach(consume);
    return push(...entries);
  };
})();
