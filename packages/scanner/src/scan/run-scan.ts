import {
  hostOf,
  ScanObservationsSchema,
  toVisitMs,
  type ConsentObservation,
  type ScanObservations,
  type ScanProgress,
  type VisitTimes,
} from "@public-scan/core";
import type { Browser, Page } from "puppeteer-core";
import type { SpareSlots } from "../browser/browser-pool.js";
import type { Classifier } from "../classify/index.js";
import { attachCollectors } from "../collectors/attach-collectors.js";
import type { CollectorContext } from "../collectors/collector.js";
import { runCollectors } from "../collectors/run-collector.js";
import type { EgressGuard } from "../network/index.js";
import { reconcileFirstLayer } from "../consent/reconcile-first-layer.js";
import { toChoiceToggles } from "../consent/to-choice-toggles.js";
import { readConsentModeCommands, toConsentModeObservation } from "../consent-mode/read-consent-mode-commands.js";
import { CONSENT_MODE_READ_MS } from "../phases/collect-phase-evidence.js";
import { CONSENT_PHASE_LIMITS } from "../phases/fresh-phases.js";
import { runConsentPhases, type ConsentPhasesResult } from "../phases/run-consent-phases.js";
import { startEarlyPhases, type EarlyPhases, type RunBeside } from "../phases/start-early-phases.js";
import type { ScanPhaseSwitches } from "../phases/scan-phases.js";
import { withPhaseEvidence } from "../phases/with-phase-evidence.js";
import { beginPrivacySignals, startPrivacySignals, type PrivacySignalsHead } from "../privacy-signals/start-privacy-signals.js";
import { sleep } from "../timing/sleep.js";
import { collectTransport } from "../transport/collect-transport.js";
import { startTransportProbe, type TimedTransportProbe } from "../transport/start-transport-probe.js";
import { createTransportCollector } from "../transport/transport-collector.js";
import { navigate, type NavigateResult } from "../visit/navigate.js";
import { openGuardedContext, type GuardedContext } from "../visit/open-guarded-context.js";
import { openVisitPage } from "../visit/open-visit-page.js";
import { assembleObservations, isValidConsent } from "./assemble-observations.js";
import { createPreConsentCollectors, type PreConsentCollectors, type PreConsentOutcomes } from "./pre-consent-collectors.js";

export interface RunScanOptions {
  browser: Browser;
  url: string;
  guard: EgressGuard;
  classifier: Classifier;
  /** Wait after load, so delayed trackers are seen. */
  observeMs: number;
  navigationTimeoutMs: number;
  locale: string;
  viewport: { width: number; height: number };
  /** Overrides the browser's own user agent (which is used without "Headless"). */
  userAgent?: string;
  scanner: { name: string; version: string };
  /** Extra trusted CA certificates (PEM), for the Node-side transport probe (Chromium gets them at launch). */
  extraCaCerts?: string;
  /** Phases after the pre-consent snapshot (reject, accept, GPC); default none. */
  phases?: ScanPhaseSwitches;
  /** Observe windows of the later phases; each defaults to `observeMs`. */
  phaseObserveMs?: { reject?: number; accept?: number; gpc?: number };
  /** `Date.now()` of the scan's deadline: no phase may run into it. */
  deadlineAt?: number;
  /** Free slots of the browser pool the scan may borrow for its fresh-context phases; without, they run one after the other. */
  spare?: SpareSlots;
  signal?: AbortSignal;
  onProgress?: (progress: ScanProgress) => void;
}

/** The scan's own visit, once its page is open and every collector is attached. */
interface ScanVisit {
  page: Page;
  guarded: GuardedContext;
  collectors: PreConsentCollectors;
  transportCollector: ReturnType<typeof createTransportCollector>;
  /** Collectors that could not attach to some target. */
  setupFailures: ReadonlySet<string>;
  transportProbe: Promise<TimedTransportProbe>;
  userAgent: string;
  /** The URL collectors classify requests against: the target, then the page's URL after redirects. */
  siteUrl: { current: string };
}

/**
 * One scan in a fresh guarded browser context (its own egress proxy, so every refused host is this
 * scan's): collectors attached to every target before navigation, one visit, an observe window, the
 * pre-consent snapshot (each collector within its budget), then the later phases and the privacy signals.
 * The context is closed whatever happens.
 */
export async function runScan(options: RunScanOptions): Promise<ScanObservations> {
  const startedAt = new Date();
  const guarded = await openGuardedContext({ browser: options.browser, guard: options.guard, signal: options.signal });
  let early: EarlyPhases | undefined;
  let head: PrivacySignalsHead | undefined;
  try {
    options.signal?.throwIfAborted();
    const visit = await openScanVisit(options, guarded);
    // The fresh-context phases need nothing of this visit but what its snapshot finds: with free page slots,
    // GPC starts now and accept as soon as this visit shows autoconsent a CMP's popup.
    early = startEarlyIn(options, visit);
    const targetHost = hostOf(options.url) ?? "";
    const signalSettings = (siteHost: string, pageObserved: boolean) => ({
      page: visit.page,
      browser: options.browser,
      guard: options.guard,
      behaviour: guarded.behaviour,
      classifier: options.classifier,
      pageObserved,
      siteHost,
      settings: { userAgent: visit.userAgent, locale: options.locale },
      ...(options.deadlineAt === undefined ? {} : { deadlineAt: options.deadlineAt }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    // The policy and gpc.json reads start with the observe window, from the links the page has then; the
    // snapshot keeps them only if its links are the same (startPrivacySignals).
    const observed = await observePreConsent(options, visit, {
      early,
      onWindowStart: (navigated) => {
        if (navigated.navigation.pageKind === "html") head = beginPrivacySignals(signalSettings(navigated.finalHost ?? targetHost, true));
      },
    });
    const context: CollectorContext = {
      page: visit.page,
      siteHost: () => observed.finalHost ?? targetHost,
      phase: "pre_consent",
      classifier: options.classifier,
      refusedHosts: guarded.refusedHosts,
      visitStartedAt: observed.startedAt,
    };
    const snapshotAt = Date.now();
    // The page's consent-mode commands are read beside the collectors, at the same snapshot.
    const [outcomes, preConsentMode] = await Promise.all([
      runCollectors(visit.collectors, { context, setupFailures: visit.setupFailures }),
      observed.navigation.pageKind === "unreachable"
        ? Promise.resolve(null)
        : readConsentModeCommands(visit.page, { phase: "pre_consent", timeoutMs: CONSENT_MODE_READ_MS }),
    ]);
    // Before the consent phases, which may reload or change the page.
    const transport = await collectTransport({
      collector: visit.transportCollector,
      context,
      probe: visit.transportProbe,
      navigation: observed.navigation,
      targetHost,
      cookies: outcomes.cookies.result,
      setupFailed: visit.setupFailures.has(visit.transportCollector.id),
    });
    // The page's links are read now, before a consent phase changes the page; the policy and gpc.json are
    // fetched in a guarded context of their own while the phases run, so they never become evidence.
    const privacySignals = await startPrivacySignals(signalSettings(context.siteHost(), observed.navigation.pageKind === "html"), head);
    const phases = await runLaterPhases(options, { visit, observed, outcomes, siteHost: context.siteHost, early });
    const visitTimes = toVisitTimes({
      startedAt: observed.startedAt,
      snapshotAt,
      bannerShownAt: visit.collectors.consent.banner.firstPopupAt(),
      phases,
    });
    const assembled = await assembleObservations({
      ...options,
      targetHost,
      startedAt,
      navigation: observed.navigation,
      outcomes,
      transport,
    });
    // What the reject clicked first was on the first layer: the classification must agree with it.
    const reject = { action: phases.consentActions.reject, clicks: phases.rejectClicks };
    const consent =
      assembled.consent === null
        ? null
        : { ...reconcileFirstLayer(assembled.consent, reject), choiceToggles: toChoiceToggles(phases.rejectToggles) };
    const withSignals = await privacySignals.addTo(withPhaseEvidence({ ...assembled, consent }, phases));
    // Read after every phase and fetch: all of the scan's contexts count into this context's tally.
    const consentMode = toConsentModeObservation([
      preConsentMode === null ? null : { ...preConsentMode, phase: "pre_consent" },
      ...phases.evidence.map((evidence) => evidence.consentMode),
    ]);
    const tcfPhases = phases.evidence.flatMap((evidence) => (evidence.tcf === null ? [] : [evidence.tcf]));
    const gppPhases = phases.evidence.flatMap((evidence) => (evidence.gpp === null ? [] : [evidence.gpp]));
    return ScanObservationsSchema.parse({
      ...withSignals,
      pageBehaviour: { ...guarded.behaviour },
      visitTimes,
      consentMode,
      ...(tcfPhases.length === 0 ? {} : { tcfPhases }),
      ...(gppPhases.length === 0 ? {} : { gppPhases }),
      ...(phases.nextPages.length === 0 ? {} : { nextPages: phases.nextPages }),
    });
  } finally {
    // Reads begun for a snapshot the scan never took (it failed or was aborted first) end with it.
    head?.discard();
    // Early phases the scan never got to use (it failed or was aborted before its consent phases) end here.
    if (early !== undefined) {
      early.drop("accept");
      early.drop("gpc");
      await early.settle();
    }
    await guarded.close();
  }
}

/** The page of the scan's visit, with the collectors attached to every target and the transport probe started. */
async function openScanVisit(options: RunScanOptions, guarded: GuardedContext): Promise<ScanVisit> {
  const siteUrl = { current: options.url };
  const collectors = createPreConsentCollectors({ classifier: options.classifier, siteUrl: () => siteUrl.current });
  const transportCollector = createTransportCollector();
  const setupFailures = new Set<string>();
  options.onProgress?.({ phase: "launching_browser", progressPercent: 5 });
  const userAgent = options.userAgent ?? (await options.browser.userAgent()).replace("HeadlessChrome", "Chrome");
  // The Node-side transport probe runs while the browser visits, so it adds no time of its own.
  const transportProbe = startTransportProbe({
    url: options.url,
    guard: options.guard,
    userAgent,
    ...(options.extraCaCerts === undefined ? {} : { extraCaCerts: options.extraCaCerts }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const page = await openVisitPage(guarded, {
    viewport: options.viewport,
    presentation: { userAgent, locale: options.locale },
    onTarget: attachCollectors([...Object.values(collectors), transportCollector], { onFailure: (id) => setupFailures.add(id) }),
  });
  return { page, guarded, collectors, transportCollector, setupFailures, transportProbe, userAgent, siteUrl };
}

/**
 * Early phases for a scan with consent phases and a pool that may lend it slots; undefined otherwise (the
 * phases then start after the snapshot).
 */
function startEarlyIn(options: RunScanOptions, visit: ScanVisit): EarlyPhases | undefined {
  const switches = options.phases ?? NO_PHASES;
  if (options.spare === undefined || !(switches.accept || switches.gpc)) return undefined;
  return startEarlyPhases(
    {
      switches,
      observeMs: { accept: options.phaseObserveMs?.accept ?? options.observeMs, gpc: options.phaseObserveMs?.gpc ?? options.observeMs },
      visit: { ...options, userAgent: visit.userAgent, behaviour: visit.guarded.behaviour },
      limits: CONSENT_PHASE_LIMITS,
      deadlineAt: options.deadlineAt ?? Number.POSITIVE_INFINITY,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    },
    besideIn(options.spare),
  );
}

/** No consent phase: the scan's default. */
const NO_PHASES: ScanPhaseSwitches = { reject: false, accept: false, gpc: false, nextPage: false };

/** How often the observe window looks for autoconsent's popup, to start the accept visit early. */
const POPUP_POLL_MS = 100;

/**
 * The first visit and its observe window; nothing is clicked, scrolled or typed. While it waits, a CMP's
 * popup autoconsent reports starts the early accept visit.
 */
async function observePreConsent(
  options: RunScanOptions,
  visit: ScanVisit,
  hooks: { early: EarlyPhases | undefined; onWindowStart: (navigated: NavigateResult) => void },
): Promise<ObservedVisit> {
  const { early, onWindowStart } = hooks;
  options.onProgress?.({ phase: "runtime_observation", progressPercent: 15 });
  const startedAt = Date.now();
  const observed = await navigate(visit.page, {
    url: options.url,
    timeoutMs: options.navigationTimeoutMs,
    idleTimeoutMs: Math.min(5000, options.navigationTimeoutMs),
    refusedHosts: visit.guarded.refusedHosts,
  });
  if (observed.navigation.finalUrl !== null) visit.siteUrl.current = visit.page.url();
  options.onProgress?.({ phase: "runtime_observation", progressPercent: 50 });
  if (observed.navigation.pageKind !== "unreachable") {
    onWindowStart(observed);
    const until = Date.now() + options.observeMs;
    for (let left = options.observeMs; left > 0; left = until - Date.now()) {
      const popup = early === undefined ? null : visit.collectors.consent.banner.popup();
      if (popup !== null) early?.startAccept({ cmp: popup.cmp, expectPopup: true });
      await sleep(early === undefined ? left : Math.min(POPUP_POLL_MS, left), options.signal);
    }
  }
  options.signal?.throwIfAborted();
  const switches = options.phases ?? NO_PHASES;
  // Progress only moves forward: with consent phases, projection comes after them.
  options.onProgress?.(
    interacts(switches) ? { phase: "consent_interaction", progressPercent: 55 } : { phase: "projection", progressPercent: 85 },
  );
  return { ...observed, startedAt };
}

/** Runs a task in a borrowed slot, given back when it settles; null when no slot is free. */
function besideIn(spare: SpareSlots): RunBeside {
  return (task) => {
    const giveBack = spare.take();
    if (giveBack === null) return null;
    return task().finally(giveBack);
  };
}

/** The first visit's navigation, and when it started (`Date.now()`): the origin of the visit's times. */
type ObservedVisit = NavigateResult & { startedAt: number };

/** The visit's moments as times from its start (`VisitTimes`). */
function toVisitTimes(visit: {
  startedAt: number;
  snapshotAt: number;
  bannerShownAt: number | null;
  phases: ConsentPhasesResult;
}): VisitTimes {
  const since = (at: number | null | undefined) => (at === null || at === undefined ? null : toVisitMs(at, visit.startedAt));
  // A reject with nothing to act on (no banner, no reject option) used nothing: no moment to show.
  const reject = visit.phases.consentActions.reject.outcome === "not_attempted" ? null : visit.phases.rejectTimes;
  return {
    bannerShownMs: since(visit.bannerShownAt),
    preConsentSnapshotMs: toVisitMs(visit.snapshotAt, visit.startedAt),
    rejectMs: since(reject?.actedAt),
    afterRejectSnapshotMs: since(reject?.snapshotAt),
  };
}

/** Reject (continuing this visit), accept and GPC (fresh visits), as switched on; each fails alone. */
async function runLaterPhases(
  options: RunScanOptions,
  scan: {
    visit: ScanVisit;
    observed: ObservedVisit;
    outcomes: PreConsentOutcomes;
    siteHost: () => string;
    early: EarlyPhases | undefined;
  },
): Promise<ConsentPhasesResult> {
  const switches = options.phases ?? NO_PHASES;
  const { visit, outcomes } = scan;
  const result = await runConsentPhases({
    switches,
    observeMs: {
      preConsent: options.observeMs,
      reject: options.phaseObserveMs?.reject ?? options.observeMs,
      accept: options.phaseObserveMs?.accept ?? options.observeMs,
      gpc: options.phaseObserveMs?.gpc ?? options.observeMs,
    },
    visit: {
      ...options,
      userAgent: visit.userAgent,
      behaviour: visit.guarded.behaviour,
      // IAB APIs that answered the first visit are asked again at each phase; a stub that never answered
      // would only make each phase wait for nothing.
      askConsentApis: isValidConsent(outcomes.consent) && answeredAnyApi(outcomes.consent.result),
    },
    current: {
      page: visit.page,
      navigation: scan.observed.navigation,
      consent: visit.collectors.consent,
      observation: isValidConsent(outcomes.consent) ? outcomes.consent.result : null,
      // The evidence collectors only: frames and consent are read once, before consent.
      collectors: { requests: visit.collectors.requests, cookies: visit.collectors.cookies, storage: visit.collectors.storage },
      siteHost: scan.siteHost,
      refusedHosts: visit.guarded.refusedHosts,
      visitStartedAt: scan.observed.startedAt,
    },
    // Everything of this visit the later code reads (cookies, requests, the banner's hits, refused hosts) is
    // held in the collectors by now: its browser context can go before the fresh visits open theirs.
    releaseCurrent: () => visit.guarded.close(),
    deadlineAt: options.deadlineAt ?? Number.POSITIVE_INFINITY,
    ...(options.spare === undefined ? {} : { beside: besideIn(options.spare) }),
    ...(scan.early === undefined ? {} : { early: scan.early }),
    signal: options.signal,
    onProgress: options.onProgress,
  });
  if (interacts(switches)) options.onProgress?.({ phase: "projection", progressPercent: 85 });
  return result;
}

function interacts(switches: ScanPhaseSwitches): boolean {
  return switches.reject || switches.accept || switches.gpc;
}

/** Whether the first visit's TCF, GPP or USP API called back (a bare stub that never answers does not count). */
function answeredAnyApi(consent: ConsentObservation | null | undefined): boolean {
  return consent?.tcf?.responded === true || consent?.gpp?.responded === true || consent?.usp?.responded === true;
}
