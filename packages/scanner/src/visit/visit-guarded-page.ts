import { hostOf } from "@public-scan/core";
import type { HTTPResponse, Page } from "puppeteer-core";
import { presentAsRegularBrowser } from "./present-as-regular-browser.js";
import type { GuardedContext } from "./open-guarded-context.js";

/** How a guarded visit ended; `ok` means a 2xx response arrived (its type is the caller's to judge). */
export type VisitStatus = "ok" | "not_found" | "unreachable" | "refused" | "timed_out";

export interface GuardedVisit {
  status: VisitStatus;
  httpStatus: number | null;
  /** Lower-case MIME type without parameters; null without a response. */
  contentType: string | null;
  /** The URL after redirects; null without a response. Never reported. */
  finalUrl: string | null;
  response: HTTPResponse | null;
  page: Page;
}

/** How a guarded page load presents itself (as the scan's browser does) and how long it may take. */
export interface GuardedPageSettings {
  timeoutMs: number;
  userAgent: string;
  locale: string;
}

/**
 * Loads one URL in a new page of the guarded context, presenting as the scan's browser does: waits for
 * DOMContentLoaded, then briefly for network idle so a script-rendered page can render. The caller reads
 * the page and closes it.
 */
export async function visitGuardedPage(options: {
  guarded: GuardedContext;
  url: string;
  settings: GuardedPageSettings;
}): Promise<GuardedVisit> {
  const { guarded, url, settings } = options;
  const page = await guarded.context.newPage();
  const session = await page.createCDPSession();
  await presentAsRegularBrowser(session, { userAgent: settings.userAgent, locale: settings.locale, kind: "page" });
  const started = Date.now();
  let response: HTTPResponse | null;
  try {
    response = await page.goto(url, { waitUntil: "domcontentloaded", timeout: settings.timeoutMs });
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    const host = hostOf(url);
    const refused = (host !== null && guarded.refusedHosts.has(host)) || /ERR_TUNNEL_CONNECTION_FAILED|ERR_PROXY/i.test(message);
    return {
      status: refused ? "refused" : /timeout/i.test(message) ? "timed_out" : "unreachable",
      httpStatus: null,
      contentType: null,
      finalUrl: null,
      response: null,
      page,
    };
  }
  // For plain HTTP the proxy answers a refused host itself (403): that answer is not the site's.
  const hops = [...(response?.request().redirectChain() ?? []).map((request) => request.url()), response?.url() ?? url];
  if (hops.some((hop) => guarded.refusedHosts.has(hostOf(hop) ?? ""))) {
    return { status: "refused", httpStatus: null, contentType: null, finalUrl: null, response: null, page };
  }
  const remaining = settings.timeoutMs - (Date.now() - started);
  if (remaining > 300) await page.waitForNetworkIdle({ idleTime: 300, timeout: Math.min(2000, remaining) }).catch(() => undefined);
  const httpStatus = response?.status() ?? null;
  const contentType = response?.headers()["content-type"]?.split(";")[0]?.trim().toLowerCase().slice(0, 100) ?? null;
  const status: VisitStatus =
    httpStatus === null ? "unreachable" : httpStatus === 404 || httpStatus === 410 ? "not_found" : httpStatus >= 400 ? "unreachable" : "ok";
  return { status, httpStatus, contentType, finalUrl: response?.url() ?? page.url(), response, page };
}
