/**
 * Page script that reports which script writes a cookie: it wraps the `document.cookie` setter and
 * `cookieStore.set`, and sends the cookie's *name* and the writing script's *host* to a CDP binding, never
 * the value. The binding is removed from the page's global scope before any page script runs, so the page
 * cannot call or see it, and the globals the hook uses are captured before page scripts could replace them.
 * The collector still validates what arrives: the reported host is only trusted if it is a host name.
 */
export function cookieWriteHook(bindingName: string): string {
  return `(() => {
  const send = globalThis[${JSON.stringify(bindingName)}];
  if (typeof send !== "function") return;
  try { delete globalThis[${JSON.stringify(bindingName)}]; } catch {}
  // Captured now, before any page script runs: a page that replaces these later cannot forge reports.
  const stringify = JSON.stringify;
  const ErrorType = Error;
  const UrlType = URL;
  const StringType = String;
  const scriptHost = () => {
    const urls = StringType(new ErrorType().stack || "").match(/https?:\\/\\/[^\\s)]+/g) || [];
    try { return urls.length > 0 ? new UrlType(urls[0]).hostname : location.hostname; } catch { return null; }
  };
  const report = (name) => {
    try { send(stringify({ name: StringType(name).trim().slice(0, 256), host: scriptHost() })); } catch {}
  };
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, "cookie");
  if (descriptor && descriptor.set) {
    const set = descriptor.set;
    Object.defineProperty(Document.prototype, "cookie", {
      ...descriptor,
      set: { cookie(value) { report(StringType(value).split("=")[0]); return set.call(this, value); } }.cookie,
    });
  }
  if (typeof CookieStore === "function" && CookieStore.prototype.set) {
    const storeSet = CookieStore.prototype.set;
    CookieStore.prototype.set = { set(nameOrOptions, value) { report(typeof nameOrOptions === "string" ? nameOrOptions : nameOrOptions && nameOrOptions.name); return storeSet.apply(this, arguments); } }.set;
  }
})();`;
}
