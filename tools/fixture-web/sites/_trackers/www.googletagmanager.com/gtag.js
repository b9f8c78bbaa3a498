/* global window, document, location, screen, Image */
// Simulated Google tag (gtag.js), served at www.googletagmanager.com/gtag/js for the public-scan fixture
// web. On page load it does what the real tag does with a GA4 and a Floodlight (DC-) destination
// configured: first-party `_ga` and `_ga_<container>` cookies on the site's registrable domain, a
// `page_view` beacon to region1.google-analytics.com/g/collect, and a Floodlight hit on ad.doubleclick.net
// whose answer sets the third-party `IDE` cookie. Every identifier carries the fixture canary, which the
// server writes in place of __CANARY__.
//
// It honours Google Consent Mode v2 as the real tag does: `gtag('consent', 'default' | 'update', {...})`
// for ad_storage, analytics_storage, ad_user_data and ad_personalization ("granted" / "denied"), queued
// before it loaded or pushed later. A default with `region` is for visitors in those countries, and this
// visitor is in none of them, so only a region-less default applies. `wait_for_update` (ms) on a default
// holds the first hits until an update arrives or the wait ends. Every hit carries `gcd` (each signal's
// default and update, one letter each); with consent mode in use (a default or update applied) also `gcs`
// (ad and analytics storage); Floodlight hits carry `npa`. Without analytics_storage granted, GA4 sends
// cookieless pings (a fresh client id per page, no `_ga*` cookie written or read); without ad_storage
// granted, the Floodlight hit's `gcs` tells ad.doubleclick.net not to set `IDE`. An update that grants
// analytics_storage writes the cookies and sends a page_view in the new state; one that grants ad_storage
// sends the page's Floodlight events again. A page with no consent command behaves as before consent mode
// existed: cookies at once, `gcd` with every signal unset (`13l3l3l3l5l1`) and no `gcs`.
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

  // Consent Mode v2: each signal's default and latest update ("granted" / "denied"), as the page gave them.
  const SIGNALS = ["ad_storage", "analytics_storage", "ad_user_data", "ad_personalization"];
  const defaults = {};
  const updates = {};
  let consentModeUsed = false;
  const stateOf = (signal) => (signal in updates ? updates[signal] : defaults[signal]);
  // Without consent mode everything is allowed (the tag as it was); with it, only what is granted.
  const granted = (signal) => !consentModeUsed || stateOf(signal) === "granted";
  // gcd's letter for a signal: l not set; p / t denied / granted by default; m / n denied / granted by
  // update alone; q / r default denied, update denied / granted; u / v default granted, update denied / granted.
  const letterOf = (signal) => {
    const byDefault = defaults[signal];
    const byUpdate = updates[signal];
    if (byDefault === undefined) return byUpdate === undefined ? "l" : byUpdate === "granted" ? "n" : "m";
    if (byUpdate === undefined) return byDefault === "granted" ? "t" : "p";
    if (byDefault === "granted") return byUpdate === "granted" ? "v" : "u";
    return byUpdate === "granted" ? "r" : "q";
  };
  const consentParams = () => ({
    ...(consentModeUsed ? { gcs: `G1${granted("ad_storage") ? 1 : 0}${granted("analytics_storage") ? 1 : 0}` } : {}),
    gcd: `13${SIGNALS.map(letterOf).join("3")}5l1`,
  });

  // Hits held by a default's wait_for_update: sent when an update arrives or the wait ends.
  let held = null;
  let waitTimer;
  const release = () => {
    if (held === null) return;
    window.clearTimeout(waitTimer);
    const sends = held;
    held = null;
    sends.forEach((send) => send());
  };
  const dispatch = (send) => (held === null ? send() : held.push(send));

  // A cookieless ping's client id: new on every page, never stored.
  const pageClientId = `${CANARY}-${Math.floor(Math.random() * 2147483647)}.${now}`;
  const clientId = () => {
    if (!granted("analytics_storage")) return pageClientId;
    const existing = readCookie("_ga");
    if (existing !== undefined) return existing.split(".").slice(2).join(".");
    const id = `${CANARY}-${Math.floor(Math.random() * 2147483647)}.${now}`;
    writeCookie("_ga", `GA1.1.${id}`);
    return id;
  };

  const measurementIds = [];
  const pageView = (measurementId) => {
    const cid = clientId();
    const sessionCookie = `_ga_${measurementId.replace(/^G-/, "")}`;
    if (granted("analytics_storage") && readCookie(sessionCookie) === undefined)
      writeCookie(sessionCookie, `GS1.1.${now}.1.0.${now}.0.0.${CANARY}`);
    const query = new URLSearchParams({
      v: "2",
      tid: measurementId,
      gtm: "45je5ca0v9",
      ...consentParams(),
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
  const floodlights = [];
  const floodlight = (sendTo) => {
    const match = /^DC-(\d+)\/([\w-]+)\/([\w-]+)\+/.exec(sendTo);
    if (match === null) return;
    const [, advertiser, type, category] = match;
    const ord = Math.floor(Math.random() * 1e13);
    const npa = granted("ad_storage") && granted("ad_personalization") ? "0" : "1";
    const query = new URLSearchParams({ auiddc: clientId(), dc_pre: "1", ...consentParams(), npa });
    new Image().src = `https://ad.doubleclick.net/activity;register_conversion=1;src=${advertiser};type=${type};cat=${category};ord=${ord}?${query}`;
  };

  const applyConsent = (kind, params) => {
    if (params === null || typeof params !== "object") return;
    // A default for listed regions is for visitors there; this one is in none of them.
    if (kind === "default" && Array.isArray(params.region) && params.region.length > 0) return;
    const before = { analytics: granted("analytics_storage"), ads: granted("ad_storage") };
    const target = kind === "default" ? defaults : updates;
    for (const signal of SIGNALS) if (params[signal] === "granted" || params[signal] === "denied") target[signal] = params[signal];
    consentModeUsed = true;
    if (kind === "default") {
      const wait = params.wait_for_update;
      // Only the first hits wait: a default that comes after hits went out holds nothing.
      if (typeof wait === "number" && wait > 0 && held === null && measurementIds.length + floodlights.length === 0) {
        held = [];
        waitTimer = window.setTimeout(release, wait);
      }
      return;
    }
    // An update ends the wait: the held hits go out in the updated state.
    if (held !== null) return release();
    if (!before.analytics && granted("analytics_storage")) measurementIds.forEach(pageView);
    if (!before.ads && granted("ad_storage")) floodlights.forEach(floodlight);
  };

  const handle = (args) => {
    const [command, target, params] = args;
    if (command === "consent" && (target === "default" || target === "update")) applyConsent(target, params);
    if (command === "config" && typeof target === "string" && target.startsWith("G-")) {
      measurementIds.push(target);
      dispatch(() => pageView(target));
    }
    if (command === "event" && params && typeof params.send_to === "string" && params.send_to.startsWith("DC-")) {
      floodlights.push(params.send_to);
      dispatch(() => floodlight(params.send_to));
    }
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
