import { hostOf, type ConsentAction, type EvidencePhase } from "@public-scan/core";
import type { Browser } from "puppeteer-core";
import type { Classifier } from "../classify/index.js";
import { attachCollectors } from "../collectors/attach-collectors.js";
import { createCookieCollector } from "../collectors/cookie-collector.js";
import { createRequestCollector } from "../collectors/request-collector.js";
import { createStorageCollector } from "../collectors/storage-collector.js";
import { createConsentCollector, type ConsentCollector } from "../consent/consent-collector.js";
import type { EgressGuard } from "../network/index.js";
import { navigate } from "../visit/navigate.js";
import type { PageBehaviourTally } from "../visit/guard-page-behaviour.js";
import { openGuardedContext } from "../visit/open-guarded-context.js";
import { openVisitPage } from "../visit/open-visit-page.js";
import { sleep } from "../timing/sleep.js";
import { applyGpcSignal } from "./apply-gpc-signal.js";
import { collectPhaseEvidence, type PhaseEvidence } from "./collect-phase-evidence.js";
import { performConsentAction } from "./perform-consent-action.js";
import { nextPageBudgetMs, visitNextPageWithin, type NextPageOutcome } from "./visit-next-page.js";
import { isBannerVisible } from "./pick-banner-button.js";

/** How the scan's own visit was set up; a fresh visit uses the same. */
export interface VisitSettings {
  browser: Browser;
  url: string;
  guard: EgressGuard;
  /** The scan's tally of dismissed dialogs and closed windows; a fresh visit counts into it too. */
  behaviour?: PageBehaviourTally;
  classifier: Classifier;
  navigationTimeoutMs: number;
  locale: string;
  viewport: { width: number; height: number };
  userAgent: string;
  /** An IAB consent API answered the scan's first visit: each phase asks TCF, GPP and USP again at the snapshot. */
  askConsentApis?: boolean;
}

export interface RunFreshVisitOptions {
  visit: VisitSettings;
  phase: Extract<EvidencePhase, "after_accept" | "gpc">;
  observeMs: number;
  /** Send the Global Privacy Control signal (header and navigator property) from every target. */
  gpc?: boolean;
  /** Accept on the banner before the observe window. */
  accept?: {
    /** The CMP autoconsent recognised in the scan's visit, whose full rule drives the opt-in; null: none. */
    cmp: string | null;
    /** autoconsent saw that CMP's popup in the scan's visit: wait for it rather than act on the first notice. */
    expectPopup: boolean;
    /** Longest wait for the banner to show. */
    bannerWaitMs: number;
    actionTimeoutMs: number;
  };
  /** After the accept's snapshot, open a second page of the site in the same context (`accept_next_page`). */
  nextPage?: boolean;
  /** Aborting closes the context: the phase's time budget, or the scan's. */
  signal: AbortSignal;
}

export interface FreshVisitResult {
  /** Why the visit observed nothing; null when the observe window ran. */
  notObservedReason: string | null;
  action: ConsentAction | null;
  evidence: PhaseEvidence | null;
  /** The accept visit's next page; absent when not asked for or the accept did not complete. */
  next?: NextPageOutcome;
}

/**
 * One more first visit in a fresh browser context with the scan's egress guard (its own proxy, so the
 * refused hosts are this visit's), for the phases that must not inherit the first visit's state: accept
 * (wait for the banner, accept, observe) and GPC (the signal from the first request on, no consent
 * interaction). Evidence is the whole visit's: its requests, and the cookies and storage at the end.
 */
export async function runFreshVisit(options: RunFreshVisitOptions): Promise<FreshVisitResult> {
  const { visit, signal } = options;
  const guarded = await openGuardedContext({ browser: visit.browser, guard: visit.guard, signal, behaviour: visit.behaviour });
  try {
    signal.throwIfAborted();
    const siteUrl = { current: visit.url };
    const collectors = {
      requests: createRequestCollector({ classifier: visit.classifier, siteUrl: () => siteUrl.current }),
      cookies: createCookieCollector(),
      storage: createStorageCollector(),
    };
    const consent: ConsentCollector | null = options.accept ? createConsentCollector({ optInCmp: options.accept.cmp }) : null;
    // As in the scan's visit, a collector that cannot attach to one target fails alone.
    const attach = attachCollectors([...Object.values(collectors), ...(consent ? [consent] : [])]);
    const page = await openVisitPage(guarded, {
      viewport: visit.viewport,
      presentation: { userAgent: visit.userAgent, locale: visit.locale },
      onTarget: async (target) => {
        await attach(target);
        if (options.gpc) await applyGpcSignal(target).catch(() => undefined);
      },
    });
    const visitStartedAt = Date.now();
    const { navigation, finalHost } = await navigate(page, {
      url: visit.url,
      timeoutMs: visit.navigationTimeoutMs,
      idleTimeoutMs: Math.min(5000, visit.navigationTimeoutMs),
      refusedHosts: guarded.refusedHosts,
    });
    if (navigation.pageKind === "unreachable") return { notObservedReason: "navigation_failed", action: null, evidence: null };
    if (navigation.finalUrl !== null) siteUrl.current = page.url();
    const action = consent !== null && options.accept ? await acceptOnBanner({ consent, accept: options.accept, signal }) : null;
    if (action !== null && action.outcome !== "succeeded") {
      return { notObservedReason: action.outcome === "not_attempted" ? "no_banner" : "opt_in_failed", action, evidence: null };
    }
    await sleep(options.observeMs, signal);
    signal.throwIfAborted();
    const targetHost = hostOf(visit.url) ?? "";
    const evidence = await collectPhaseEvidence({
      collectors,
      context: {
        page,
        siteHost: () => finalHost ?? targetHost,
        phase: options.phase,
        classifier: visit.classifier,
        refusedHosts: guarded.refusedHosts,
        visitStartedAt,
      },
      askConsentApis: visit.askConsentApis === true,
    });
    if (options.nextPage !== true || consent === null) return { notObservedReason: null, action, evidence };
    const next = await visitNextPageWithin({
      budgetMs: nextPageBudgetMs({ navigationTimeoutMs: visit.navigationTimeoutMs, observeMs: options.observeMs }),
      phase: "accept_next_page",
      page,
      banner: consent.banner,
      collectors,
      context: {
        page,
        siteHost: () => finalHost ?? targetHost,
        classifier: visit.classifier,
        refusedHosts: guarded.refusedHosts,
        visitStartedAt,
      },
      navigationTimeoutMs: visit.navigationTimeoutMs,
      observeMs: options.observeMs,
      askConsentApis: visit.askConsentApis === true,
      signal,
    });
    return { notObservedReason: null, action, evidence, next };
  } finally {
    await guarded.close();
  }
}

/** Waits for the banner, then accepts on it; `not_attempted` when no banner showed in time. */
async function acceptOnBanner(options: {
  consent: ConsentCollector;
  accept: NonNullable<RunFreshVisitOptions["accept"]>;
  signal: AbortSignal;
}): Promise<ConsentAction> {
  const { consent, accept, signal } = options;
  const shown = await waitForBanner({ consent, expectPopup: accept.expectPopup, waitMs: accept.bannerWaitMs, signal });
  if (!shown) return { outcome: "not_attempted", method: null, verified: null, reason: "no_banner" };
  // A banner is answered the moment it is found, often before the CMP has wired its buttons (tarteaucitron
  // renders first): a visitor takes longer than this to read it.
  await sleep(BANNER_SETTLE_MS, signal);
  return (await performConsentAction({ banner: consent.banner, action: "accept", timeoutMs: accept.actionTimeoutMs })).action;
}

const BANNER_SETTLE_MS = 500;

/**
 * Waits for the banner of a fresh visit: the popup autoconsent reports for a CMP it knows (preferred when
 * the scan's visit saw one, so the same rule drives the action), else a consent notice the banner scan finds.
 */
async function waitForBanner(options: { consent: ConsentCollector; expectPopup: boolean; waitMs: number; signal: AbortSignal }) {
  const until = Date.now() + options.waitMs;
  for (;;) {
    if (options.consent.banner.popup() !== null) return true;
    const last = Date.now() >= until;
    if ((!options.expectPopup || last) && isBannerVisible({ frames: (await options.consent.banner.scan()) ?? [] })) return true;
    if (last || options.signal.aborted) return false;
    await sleep(200, options.signal);
  }
}
