import { randomBytes } from "node:crypto";
import { hostOf, OBSERVATION_LIMITS, toObservedHost, type CookieObservation } from "@public-scan/core";
import type { CDPSession, Cookie, Protocol } from "puppeteer-core";
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
 * Bounds of what a page's responses can make this collector hold: refused cookies (a server may send
 * thousands of malformed `Set-Cookie` lines), setter names, and request ids in flight. Past a bound,
 * new entries are not kept; the observations keep fewer still.
 */
const TRACKED_LIMIT = { blocked: OBSERVATION_LIMITS.cookies, setters: 5000, requests: 20_000 } as const;

/**
 * Every cookie of the scan's browser context after the phase, first and third party, with who set it:
 * the response host for `Set-Cookie`, the script host for `document.cookie` and `cookieStore`. Cookies the
 * browser refused are reported with the reasons it gave. Names and attributes only; values never leave
 * the browser's cookie jar in any output.
 */
export function createCookieCollector(): Collector<CookieObservation[]> {
  const bindingName = `__ps${randomBytes(6).toString("hex")}`;
  const setters: CookieSetters = { byHeader: new Map(), byScript: new Map() };
  const blocked = new Map<string, Blocked>();
  return {
    id: "cookies",
    budgetMs: 3000,
    async attach({ session, kind }: AttachedTarget) {
      if (kind === "other" || kind === "service_worker") return;
      listenForSetCookie(session, { byHeader: setters.byHeader, blocked });
      if (kind === "page" || kind === "iframe") await listenForScriptWrites(session, { bindingName, byScript: setters.byScript });
    },
    async collect(context) {
      const at = { context, siteHost: context.siteHost(), nowSeconds: Date.now() / 1000 };
      const stored = (await context.page.browserContext().cookies())
        .map((cookie) => toObservation(cookie, { ...at, setters }))
        .filter((cookie): cookie is CookieObservation => cookie !== null);
      const storedKeys = new Set(stored.map((cookie) => cookieKey(cookie)));
      const refused = [...blocked.values()]
        .filter((entry) => !storedKeys.has(cookieKey(entry)))
        .map((entry) => toRefusedObservation(entry, at));
      return [...stored, ...refused];
    },
    count: (result) => result.length,
  };
}

/** Who set each cookie, by name: the response host of its `Set-Cookie`, or the host of the script that wrote it. */
interface CookieSetters {
  byHeader: Map<string, string>;
  byScript: Map<string, string | null>;
}

/** Where a phase's cookies are read: the collector context, the first party, and now (for lifetimes). */
interface ReadingAt {
  context: CollectorContext;
  siteHost: string;
  nowSeconds: number;
}

/** `Set-Cookie` names by response host, and the cookies the browser refused with its reasons. */
function listenForSetCookie(session: CDPSession, into: { byHeader: Map<string, string>; blocked: Map<string, Blocked> }) {
  const hosts = new Map<string, string>();
  session.on("Network.requestWillBeSent", (event: Protocol.Network.RequestWillBeSentEvent) => {
    const host = hostOf(event.request.url);
    if (host && (hosts.size < TRACKED_LIMIT.requests || hosts.has(event.requestId))) hosts.set(event.requestId, host);
  });
  session.on("Network.responseReceivedExtraInfo", (event: Protocol.Network.ResponseReceivedExtraInfoEvent) => {
    const host = hosts.get(event.requestId) ?? null;
    hosts.delete(event.requestId);
    for (const name of setCookieNames(setCookieHeader(event.headers)).slice(0, TRACKED_LIMIT.setters)) {
      if (host && (into.byHeader.size < TRACKED_LIMIT.setters || into.byHeader.has(name))) into.byHeader.set(name, host);
    }
    for (const entry of event.blockedCookies.slice(0, TRACKED_LIMIT.blocked)) {
      if (into.blocked.size >= TRACKED_LIMIT.blocked) return;
      const name = (entry.cookie?.name ?? cookieNameOfLine(entry.cookieLine)).slice(0, 256);
      const domain = toObservedHost((entry.cookie?.domain ?? host ?? "").replace(/^\./, ""));
      if (!name || !domain) continue;
      // The first refusal of a name and domain is kept: the same cookie refused again adds nothing.
      const key = cookieKey({ name, domain });
      if (!into.blocked.has(key)) into.blocked.set(key, { name, domain, reasons: entry.blockedReasons.slice(0, 8) });
    }
  });
}

function cookieKey(cookie: { name: string; domain: string }): string {
  return `${cookie.name}|${cookie.domain}`;
}

/** Cookie writes from scripts (`document.cookie`, `cookieStore`), reported through a binding with the writer's host. */
async function listenForScriptWrites(session: CDPSession, into: { bindingName: string; byScript: Map<string, string | null> }) {
  session.on("Runtime.bindingCalled", (event: Protocol.Runtime.BindingCalledEvent) => {
    if (event.name !== into.bindingName) return;
    try {
      const { name, host } = JSON.parse(event.payload) as { name?: unknown; host?: unknown };
      // The page controls what reaches the binding's arguments' sources (stack, globals): trust only a
      // well-formed host, never a free string.
      if (typeof name !== "string" || !name || name.length > 256) return;
      if (into.byScript.size >= TRACKED_LIMIT.setters && !into.byScript.has(name)) return;
      into.byScript.set(name, typeof host === "string" ? toObservedHost(host) : null);
    } catch {
      // A page cannot reach the binding; a malformed payload is ignored rather than trusted.
    }
  });
  // Bindings only reach the page with Runtime enabled; puppeteer enables it on its own session anyway.
  await session.send("Runtime.enable");
  await session.send("Page.enable");
  await session.send("Runtime.addBinding", { name: into.bindingName });
  await session.send("Page.addScriptToEvaluateOnNewDocument", { source: cookieWriteHook(into.bindingName), runImmediately: true });
}

function toObservation(cookie: Cookie, at: ReadingAt & { setters: CookieSetters }): CookieObservation | null {
  const domain = toObservedHost(cookie.domain.replace(/^\./, ""));
  if (domain === null) return null;
  const headerHost = at.setters.byHeader.get(cookie.name);
  const scriptHost = at.setters.byScript.get(cookie.name);
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

/** A cookie the browser refused, as an observation: its name, domain and the browser's reasons. */
function toRefusedObservation(entry: Blocked, at: ReadingAt): CookieObservation {
  return {
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
    party: at.context.classifier.partyOf({ host: entry.domain, siteHost: at.siteHost }),
    phase: at.context.phase,
    blockedReasons: entry.reasons,
    classification: at.context.classifier.classifyCookie({ name: entry.name, domain: entry.domain }),
  };
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
