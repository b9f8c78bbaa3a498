/// <reference lib="dom" />
// DOM types: part of this file runs inside the page.
import { hostOf, toSafeUrl, type NavigationObservation } from "@public-scan/core";
import type { HTTPResponse, Page } from "puppeteer-core";
import { TIMED_OUT, withTimeout } from "../timing/with-timeout.js";
import { evaluateInIsolatedWorld } from "./evaluate-in-isolated-world.js";
import { disruptScanOf } from "./scan-disruption.js";
import { CHALLENGE_MARKERS, detectPageKind, type PageSignals } from "./detect-page-kind.js";

export interface NavigateOptions {
  url: string;
  /** Longest wait for the load event. */
  timeoutMs: number;
  /** Longest extra wait for network idle after load. */
  idleTimeoutMs: number;
  /** Hosts the egress proxy refused so far, to tell a refused target from a broken one. */
  refusedHosts: ReadonlySet<string>;
  /** The page the visitor comes from, as a followed link sends it (`document.referrer`); none for a first visit. */
  referer?: string;
}

export interface NavigateResult {
  navigation: NavigationObservation;
  finalHost: string | null;
}

/**
 * How long a page that has its document may keep loading before the visit goes on without its load event.
 * Real pages often hold one request open for ever (a stalled ad pixel, a long poll, a tracker that never
 * answers): a visitor sees and uses the page all the same, and so does the scan, whose observe window goes
 * on recording what arrives later.
 */
export const LOAD_AFTER_DOCUMENT_MS = 10_000;

/**
 * Visits the URL as a first-time visitor: one navigation, no scrolling, clicking or typing. Records the
 * redirect chain (hosts and statuses), the status and MIME type, the timings, and what kind of page it was.
 * Waits for puppeteer's `load` (the page's and every frame's, late iframes included) within `timeoutMs`,
 * but for at most `LOAD_AFTER_DOCUMENT_MS` once the main document is parsed: a page reached without its
 * load event is scanned all the same, with `loadMs` null.
 */
export async function navigate(page: Page, options: NavigateOptions): Promise<NavigateResult> {
  const started = Date.now();
  let response: HTTPResponse | null = null;
  let failed: PageSignals["failed"] = null;
  let loaded = false;
  const mainDocument = watchMainDocument(page);
  try {
    const loading = page.goto(options.url, {
      waitUntil: "load",
      timeout: options.timeoutMs,
      ...(options.referer === undefined ? {} : { referer: options.referer }),
    });
    loading.catch(() => undefined);
    // Before the document is parsed, the navigation's own outcome (a failure, a timeout) is the answer.
    await Promise.race([loading, mainDocument.parsed]);
    const afterDocument = loading.catch((error: unknown): typeof TIMED_OUT => {
      // The document is there: the navigation timing out now only means that load never came.
      if (error instanceof Error && /timeout/i.test(error.message)) return TIMED_OUT;
      throw error;
    });
    const settled = await withTimeout(afterDocument, { ms: LOAD_AFTER_DOCUMENT_MS });
    loaded = settled !== TIMED_OUT;
    response = settled === TIMED_OUT ? mainDocument.response() : settled;
  } catch (error) {
    const message = error instanceof Error ? error.message : "";
    const host = hostOf(options.url);
    failed = host !== null && options.refusedHosts.has(host) ? "refused" : /timeout/i.test(message) ? "timeout" : "error";
    if (/ERR_TUNNEL_CONNECTION_FAILED|ERR_PROXY/i.test(message) && failed === "error") failed = "refused";
  } finally {
    mainDocument.stop();
  }
  // For plain HTTP the egress proxy answers a refused target itself (403): that page is not the site's.
  const targetHost = hostOf(options.url);
  if (failed === null && targetHost !== null && options.refusedHosts.has(targetHost)) {
    failed = "refused";
    response = null;
  }
  const loadMs = failed === null && loaded ? Date.now() - started : null;

  let reachedNetworkIdle = false;
  let networkIdleMs: number | null = null;
  // A page that never fired load still has a request open: it would not be idle either.
  if (failed === null && loaded) {
    reachedNetworkIdle = await page.waitForNetworkIdle({ idleTime: 500, timeout: options.idleTimeoutMs }).then(
      () => true,
      () => false,
    );
    if (reachedNetworkIdle) networkIdleMs = Date.now() - started;
  }

  const redirects = (response?.request().redirectChain() ?? []).flatMap((request) => {
    const host = hostOf(request.url());
    const status = request.response()?.status();
    return host !== null && status !== undefined && status >= 300 && status < 400 ? [{ host, status }] : [];
  });
  const contentType = response?.headers()["content-type"]?.split(";")[0]?.trim().toLowerCase().slice(0, 100) ?? null;
  const page_ = failed === null ? await readPageSignals(page) : NO_SIGNALS;
  const finalUrl = failed === null ? toSafeUrl(page.url()) : null;

  const kind = detectPageKind({ httpStatus: response?.status() ?? null, contentType, failed, ...page_ });
  return {
    finalHost: finalUrl === null ? null : hostOf(finalUrl),
    navigation: {
      requestedUrl: toSafeUrl(options.url) ?? options.url,
      finalUrl,
      redirects: redirects.slice(0, 20),
      httpStatus: response?.status() ?? null,
      contentType,
      timings: {
        responseMs: page_.timings?.responseMs ?? null,
        domContentLoadedMs: page_.timings?.domContentLoadedMs ?? null,
        loadMs,
        networkIdleMs,
      },
      reachedNetworkIdle,
      ...kind,
    },
  };
}

/**
 * The main frame's document as it arrives: `parsed` settles at its DOMContentLoaded, and `response()` is
 * its last navigation response (the end of any redirect chain), for a visit that goes on before `goto`
 * answers. Listens from before the navigation starts, so nothing is missed.
 */
function watchMainDocument(page: Page) {
  let last: HTTPResponse | null = null;
  let onParsed: (() => void) | undefined;
  const parsed = new Promise<void>((resolve) => page.once("domcontentloaded", (onParsed = resolve)));
  const onResponse = (response: HTTPResponse) => {
    const request = response.request();
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) last = response;
  };
  page.on("response", onResponse);
  return {
    parsed,
    response: () => last,
    stop: () => {
      page.off("response", onResponse);
      if (onParsed) page.off("domcontentloaded", onParsed);
    },
  };
}

/**
 * Longest wait for the page's signals, a read of a few counters that takes milliseconds on any real page. A
 * page that does not answer it for this long keeps its main thread busy on purpose or by accident (a script
 * that spins, a giant string being built): it is not observable, and its scan is disrupted.
 */
const PAGE_SIGNALS_TIMEOUT_MS = 10_000;

type PageSignalsRead = Pick<PageSignals, "title" | "textLength" | "elementCount" | "challengeMarkers"> & {
  timings: { responseMs: number | null; domContentLoadedMs: number | null } | null;
};

/** What a page's signals read as when they could not be read. */
const NO_SIGNALS: PageSignalsRead = { title: "", textLength: 0, elementCount: 0, challengeMarkers: 0, timings: null };

/**
 * Reads the title, text size, element count, challenge markers and timings in an isolated world, where the
 * page's own replacements of built-ins (`String.prototype.slice`, `document.querySelector`, a `title` getter
 * that throws) cannot reach: a page that tampers with them is read as it looks to a visitor.
 */
async function readPageSignals(page: Page): Promise<PageSignalsRead> {
  const read = evaluateInIsolatedWorld<PageSignalsRead>(page, {
    expression: `(${String(pageSignalsScript)})(${JSON.stringify(CHALLENGE_MARKERS)})`,
    worldName: "public-scan-signals",
  });
  const signals = await withTimeout(read, { ms: PAGE_SIGNALS_TIMEOUT_MS }).catch(() => NO_SIGNALS);
  if (signals === TIMED_OUT) disruptScanOf(page.browserContext(), "unresponsive");
  return signals === TIMED_OUT || signals === undefined ? NO_SIGNALS : signals;
}

/** Runs in the page's isolated world: the signals `detectPageKind` needs, counts and a bounded title. */
function pageSignalsScript(markers: readonly string[]): PageSignalsRead {
  const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  const round = (value: number | undefined) => (value === undefined || value <= 0 ? null : Math.round(value));
  return {
    title: document.title.slice(0, 200),
    textLength: (document.body?.innerText ?? "").trim().length,
    elementCount: document.getElementsByTagName("*").length,
    challengeMarkers: markers.filter((selector) => document.querySelector(selector) !== null).length,
    timings: { responseMs: round(entry?.responseStart), domContentLoadedMs: round(entry?.domContentLoadedEventEnd) },
  };
}
