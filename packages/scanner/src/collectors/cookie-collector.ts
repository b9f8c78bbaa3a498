import { randomBytes } from "node:crypto";
import { hostOf, toObservedHost, type CookieObservation } from "@public-scan/core";
import type { Cookie, Protocol } from "puppeteer-core";
import type { AttachedTarget } from "../visit/attach-targets.js";
import type { Collector, CollectorContext } from "./collector.js";
import { cookieWriteHook } from "./cookie-write-hook.js";
import { setCookieHeader, setCookieNames } from "./set-cookie-names.js";

interface Blocked {
  name: string;
  domain: string;
  reasons: string[];
}

/**
 * Every cookie of the scan's browser context after the phase, first and third party, with who set it:
 * the response host for `Set-Cookie`, the script host for `document.cookie` and `cookieStore`. Cookies the
 * browser refused are reported with the reasons it gave. Names and attributes only; values never leave
 * the browser's cookie jar in any output.
 */
export function createCookieCollector(): Collector<CookieObservation[]> {
  const bindingName = `__ps${randomBytes(6).toString("hex")}`;
  const byHeader = new Map<string, string>();
  const byScript = new Map<string, string | null>();
  const blocked: Blocked[] = [];

  const attach = async ({ session, kind }: AttachedTarget) => {
    if (kind === "other" || kind === "service_worker") return;
    const hosts = new Map<string, string>();
    session.on("Network.requestWillBeSent", (event: Protocol.Network.RequestWillBeSentEvent) => {
      const host = hostOf(event.request.url);
      if (host) hosts.set(event.requestId, host);
    });
    session.on("Network.responseReceivedExtraInfo", (event: Protocol.Network.ResponseReceivedExtraInfoEvent) => {
      const host = hosts.get(event.requestId) ?? null;
      for (const name of setCookieNames(setCookieHeader(event.headers))) if (host) byHeader.set(name, host);
      for (const entry of event.blockedCookies) {
        const name = entry.cookie?.name ?? cookieNameOfLine(entry.cookieLine);
        const domain = toObservedHost((entry.cookie?.domain ?? host ?? "").replace(/^\./, ""));
        if (name && domain) blocked.push({ name: name.slice(0, 256), domain, reasons: entry.blockedReasons.slice(0, 8) });
      }
    });
    if (kind === "page" || kind === "iframe") {
      session.on("Runtime.bindingCalled", (event: Protocol.Runtime.BindingCalledEvent) => {
        if (event.name !== bindingName) return;
        try {
          const { name, host } = JSON.parse(event.payload) as { name?: unknown; host?: unknown };
          // The page controls what reaches the binding's arguments' sources (stack, globals): trust only a
          // well-formed host, never a free string.
          if (typeof name === "string" && name) byScript.set(name, typeof host === "string" ? toObservedHost(host) : null);
        } catch {
          // A page cannot reach the binding; a malformed payload is ignored rather than trusted.
        }
      });
      // Bindings only reach the page with Runtime enabled; puppeteer enables it on its own session anyway.
      await session.send("Runtime.enable");
      await session.send("Page.enable");
      await session.send("Runtime.addBinding", { name: bindingName });
      await session.send("Page.addScriptToEvaluateOnNewDocument", { source: cookieWriteHook(bindingName), runImmediately: true });
    }
  };

  return {
    id: "cookies",
    budgetMs: 3000,
    attach,
    async collect(context) {
      const siteHost = context.siteHost();
      const nowSeconds = Date.now() / 1000;
      const stored = (await context.page.browserContext().cookies())
        .map((cookie) => toObservation(cookie, { context, siteHost, nowSeconds }))
        .filter((cookie): cookie is CookieObservation => cookie !== null);
      const refused = blocked
        .filter((entry) => !stored.some((cookie) => cookie.name === entry.name && cookie.domain === entry.domain))
        .map((entry): CookieObservation => ({
          name: entry.name,
          domain: entry.domain,
          hostOnly: true,
          path: "/",
          session: true,
          expiresInSeconds: null,
          secure: false,
          httpOnly: false,
          sameSite: "unspecified",
          partitioned: false,
          size: 0,
          setBy: "set_cookie_header",
          setterHost: entry.domain,
          party: context.classifier.partyOf({ host: entry.domain, siteHost }),
          phase: context.phase,
          blockedReasons: entry.reasons,
          classification: context.classifier.classifyCookie({ name: entry.name, domain: entry.domain }),
        }));
      return [...stored, ...dedupeBlocked(refused)];
    },
    count: (result) => result.length,
  };

  function toObservation(
    cookie: Cookie,
    at: { context: CollectorContext; siteHost: string; nowSeconds: number },
  ): CookieObservation | null {
    const domain = toObservedHost(cookie.domain.replace(/^\./, ""));
    if (domain === null) return null;
    const headerHost = byHeader.get(cookie.name);
    const scriptHost = byScript.get(cookie.name);
    const setBy = headerHost !== undefined ? "set_cookie_header" : scriptHost !== undefined ? "javascript" : "unknown";
    return {
      name: cookie.name.slice(0, 256),
      domain,
      hostOnly: !cookie.domain.startsWith("."),
      path: cookie.path.slice(0, 256),
      session: cookie.session === true,
      expiresInSeconds: cookie.session === true || cookie.expires <= 0 ? null : Math.max(0, Math.round(cookie.expires - at.nowSeconds)),
      secure: cookie.secure === true,
      httpOnly: cookie.httpOnly === true,
      sameSite: cookie.sameSite === undefined ? "unspecified" : (cookie.sameSite.toLowerCase() as "strict" | "lax" | "none"),
      partitioned: cookie.partitionKey !== undefined,
      size: cookie.size,
      setBy,
      setterHost: headerHost ?? scriptHost ?? null,
      party: at.context.classifier.partyOf({ host: domain, siteHost: at.siteHost }),
      phase: at.context.phase,
      blockedReasons: null,
      classification: at.context.classifier.classifyCookie({ name: cookie.name, domain }),
    };
  }
}

/**
 * The name of a raw cookie line the browser could not parse: the text before `=`, and only when `=` comes
 * before any `;`. A line without that shape has no name, and its text (which may be the value) is dropped.
 */
export function cookieNameOfLine(line: string): string {
  const equals = line.indexOf("=");
  const semicolon = line.indexOf(";");
  if (equals <= 0 || (semicolon !== -1 && semicolon < equals)) return "";
  return line.slice(0, equals).trim();
}

function dedupeBlocked(cookies: CookieObservation[]): CookieObservation[] {
  const seen = new Set<string>();
  return cookies.filter((cookie) => {
    const key = `${cookie.name}|${cookie.domain}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
