/* global window, document, location */
// Simulated Intercom Messenger bundle (js.intercomcdn.com/frame-modern.<hash>.js) for the public-scan fixture
// web. On boot it keeps the visitor in three first-party cookies on the registrable domain, as the real
// Messenger does: `intercom-id-<app_id>` (anonymous visitor, 270 days), `intercom-session-<app_id>` (the
// session, 7 days; the real one starts empty, here it carries the canary like every value) and
// `intercom-device-id-<app_id>` (the device, 270 days); pings the Messenger API; and shows the launcher.
(() => {
  const CANARY = "__CANARY__";
  const settings = window.intercomSettings || {};
  const appId = String(settings.app_id || "");
  if (appId === "") return;
  const domain = location.hostname.split(".").slice(-2).join(".");
  const newId = () => `${CANARY}-${Math.random().toString(16).slice(2, 10)}-${Date.now().toString(16)}`;
  const readCookie = (name) => {
    const found = document.cookie.split("; ").find((pair) => pair.startsWith(`${name}=`));
    return found === undefined ? undefined : decodeURIComponent(found.slice(name.length + 1));
  };
  const keepCookie = (name, maxAge) => {
    const value = readCookie(name) || newId();
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; domain=.${domain}; max-age=${maxAge}; SameSite=Lax`;
    return value;
  };

  const visitorId = keepCookie(`intercom-id-${appId}`, 23328000);
  const session = keepCookie(`intercom-session-${appId}`, 604800);
  const deviceId = keepCookie(`intercom-device-id-${appId}`, 23328000);

  // The real ping is a form POST; its answer holds the app's Messenger settings.
  const body = new URLSearchParams({
    app_id: appId,
    v: "3",
    g: "5c1f8e2a",
    s: session,
    r: "",
    platform: "web",
    anonymous_id: visitorId,
    device_identifier: deviceId,
    referer: location.href,
    page_title: document.title,
  });
  fetch(`${settings.api_base || "https://api-iam.intercom.io"}/messenger/web/ping`, { method: "POST", body, credentials: "omit" }).catch(
    () => {},
  );

  // The lightweight launcher the real Messenger draws in the page before its frames load.
  const launcher = document.createElement("div");
  launcher.className = "intercom-lightweight-app";
  launcher.innerHTML =
    '<div class="intercom-lightweight-app-launcher intercom-launcher" role="button" tabindex="0" aria-label="Open Intercom Messenger"' +
    ' style="position:fixed;right:20px;bottom:20px;width:48px;height:48px;border-radius:50%;background:#1f6feb;cursor:pointer"></div>';
  document.body.appendChild(launcher);
})();
