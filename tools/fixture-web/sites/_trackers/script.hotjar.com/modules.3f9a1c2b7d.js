/* global window, document, location */
// Simulated Hotjar modules bundle (script.hotjar.com/modules.<hash>.js) for the public-scan fixture web.
// On start it keeps the visitor's user id in localStorage (`_hjSessionUser_<siteId>`, one year) and the
// session in a first-party cookie on the registrable domain (`_hjSession_<siteId>`, 30 minutes), both as
// Hotjar's JSON records.
(() => {
  const CANARY = "__CANARY__";
  const settings = window._hjSettings || {};
  const siteId = String(settings.hjid || (window.hjSiteSettings && window.hjSiteSettings.site_id) || "");
  if (siteId === "") return;
  const now = Date.now();
  const newId = () => `${CANARY}-${Math.random().toString(16).slice(2, 10)}-${now.toString(16)}`;

  const userKey = `_hjSessionUser_${siteId}`;
  if (localStorage.getItem(userKey) === null) {
    localStorage.setItem(userKey, JSON.stringify({ id: newId(), created: now, existing: false }));
  }

  const sessionCookie = `_hjSession_${siteId}`;
  if (!document.cookie.split("; ").some((pair) => pair.startsWith(`${sessionCookie}=`))) {
    const session = { id: newId(), c: now, s: 0, r: 0, sb: 0, sr: 0, se: 0, fs: 1, sp: 0 };
    const domain = location.hostname.split(".").slice(-2).join(".");
    document.cookie = `${sessionCookie}=${encodeURIComponent(JSON.stringify(session))}; path=/; domain=.${domain}; max-age=1800; SameSite=Lax`;
  }
  window.hj = window.hj || ((...args) => (window.hj.q = window.hj.q || []).push(args));
})();
