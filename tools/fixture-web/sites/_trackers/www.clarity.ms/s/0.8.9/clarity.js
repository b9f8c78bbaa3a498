/* global window, document, location */
// Simulated Microsoft Clarity recorder (clarity.js 0.8.9) for the public-scan fixture web. On "start" it
// sets the first-party `_clck` (user: id|version|expiry|consent|dob, one year) and `_clsk` (session:
// id|last|page|upload|server, one day) cookies on the registrable domain and uploads the first payload
// with a beacon.
(() => {
  const CANARY = "__CANARY__";
  const queued = (window.clarity && window.clarity.q) || [];
  const domain = location.hostname.split(".").slice(-2).join(".");
  const now = Date.now();
  const readCookie = (name) => {
    const found = document.cookie.split("; ").find((pair) => pair.startsWith(`${name}=`));
    return found === undefined ? undefined : decodeURIComponent(found.slice(name.length + 1));
  };
  const writeCookie = (name, value, maxAge) => {
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; domain=.${domain}; max-age=${maxAge}; SameSite=Lax`;
  };

  const start = (config) => {
    const user = readCookie("_clck");
    const userId = user !== undefined ? user.split("|")[0] : `${CANARY}-${Math.random().toString(36).slice(2, 9)}`;
    writeCookie("_clck", `${userId}|2|${now.toString(36).slice(-3)}|0|${config.dob}`, 31536000);
    const sessionId = `${CANARY}-${Math.random().toString(36).slice(2, 9)}`;
    writeCookie("_clsk", `${sessionId}|${now}|1|1|www.clarity.ms/collect`, 86400);
    const envelope = {
      version: "0.8.9",
      sequence: 1,
      start: now,
      duration: 0,
      projectId: config.projectId,
      userId,
      sessionId,
      pageNum: 1,
      upload: 0,
      end: 0,
    };
    navigator.sendBeacon(config.upload, JSON.stringify({ e: envelope, a: [[0, 1, document.title, location.href]] }));
  };

  const clarity = (command, ...args) => {
    if (command === "start" && args[0]) start(args[0]);
  };
  window.clarity = clarity;
  queued.forEach(([command, ...args]) => clarity(command, ...args));
})();
