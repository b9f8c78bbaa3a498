import {
  ConsentObservationSchema,
  CookieObservationSchema,
  FrameObservationSchema,
  OBSERVATION_LIMITS,
  RequestObservationSchema,
  ScanObservationsSchema,
  StorageObservationSchema,
  hostOf,
  toSafeUrl,
  type ScanObservations,
  type ScanProgress,
} from "@public-scan/core";
import type { Browser } from "puppeteer-core";
import type { Classifier } from "../classify/index.js";
import type { Collector, CollectorContext, CollectorOutcome } from "../collectors/collector.js";
import { createCookieCollector } from "../collectors/cookie-collector.js";
import { createFrameCollector } from "../collectors/frame-collector.js";
import { createConsentCollector } from "../consent/consent-collector.js";
import { toFailedConsentObservation } from "../consent/to-consent-observation.js";
import { createRequestCollector } from "../collectors/request-collector.js";
import { createStorageCollector } from "../collectors/storage-collector.js";
import { startEgressProxy, type EgressGuard } from "../network/index.js";
import { collectTransport } from "../transport/collect-transport.js";
import { startTransportProbe } from "../transport/start-transport-probe.js";
import { createTransportCollector } from "../transport/transport-collector.js";
import { runConsentPhases } from "../phases/run-consent-phases.js";
import type { ScanPhaseSwitches } from "../phases/scan-phases.js";
import { withPhaseEvidence } from "../phases/with-phase-evidence.js";
import { startPrivacySignals } from "../privacy-signals/start-privacy-signals.js";
import { attachTargets } from "../visit/attach-targets.js";
import { presentAsRegularBrowser } from "../visit/present-as-regular-browser.js";
import { navigate } from "../visit/navigate.js";
import { runCollector } from "../collectors/run-collector.js";
import { sleep } from "../timing/sleep.js";

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
  signal?: AbortSignal;
  onProgress?: (progress: ScanProgress) => void;
}

/**
 * One pre-consent scan in a fresh browser context: its own egress proxy (so every refused host is this
 * scan's), collectors attached to every target before navigation, one visit, an observe window, then each
 * collector collects within its budget. The context is closed whatever happens.
 */
export async function runScan(options: RunScanOptions): Promise<ScanObservations> {
  const startedAt = new Date();
  const refusedHosts = new Set<string>();
  const proxy = await startEgressProxy({ guard: options.guard, onRefused: ({ host }) => refusedHosts.add(host) });
  const context = await options.browser
    .createBrowserContext({ proxyServer: proxy.url, proxyBypassList: ["<-loopback>"] })
    .catch(async (error: unknown) => {
      // No context, no scan: the proxy must not outlive it.
      await proxy.close();
      throw error;
    });
  const abort = () => void context.close().catch(() => undefined);
  options.signal?.addEventListener("abort", abort, { once: true });
  try {
    options.signal?.throwIfAborted();
    let siteUrl = options.url;
    const collectors = {
      requests: createRequestCollector({ classifier: options.classifier, siteUrl: () => siteUrl }),
      cookies: createCookieCollector(),
      storage: createStorageCollector(),
      frames: createFrameCollector(),
      consent: createConsentCollector(),
    };
    const transportCollector = createTransportCollector();
    const all: Collector<unknown>[] = [...Object.values(collectors), transportCollector];
    const setupFailures = new Set<string>();

    options.onProgress?.({ phase: "launching_browser", progressPercent: 5 });
    const page = await context.newPage();
    await page.setViewport(options.viewport);
    const userAgent = options.userAgent ?? (await options.browser.userAgent()).replace("HeadlessChrome", "Chrome");
    // The Node-side transport probe runs while the browser visits, so it adds no time of its own.
    const transportProbe = startTransportProbe({
      url: options.url,
      guard: options.guard,
      userAgent,
      ...(options.extraCaCerts === undefined ? {} : { extraCaCerts: options.extraCaCerts }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    const root = await page.createCDPSession();
    await attachTargets({
      root,
      onTarget: async (target) => {
        await presentAsRegularBrowser(target.session, { userAgent, locale: options.locale, kind: target.kind });
        for (const collector of all) {
          // A collector that cannot attach to one target fails alone; the others still listen.
          await collector.onTarget?.(target).catch(() => setupFailures.add(collector.id));
        }
      },
    });

    options.onProgress?.({ phase: "runtime_observation", progressPercent: 15 });
    const { navigation, finalHost } = await navigate(page, {
      url: options.url,
      timeoutMs: options.navigationTimeoutMs,
      idleTimeoutMs: Math.min(5000, options.navigationTimeoutMs),
      refusedHosts,
    });
    if (navigation.finalUrl !== null) siteUrl = page.url();
    options.onProgress?.({ phase: "runtime_observation", progressPercent: 50 });
    if (navigation.pageKind !== "unreachable") await sleep(options.observeMs, options.signal);
    options.signal?.throwIfAborted();

    const phases = options.phases ?? { reject: false, accept: false, gpc: false };
    const interacts = phases.reject || phases.accept || phases.gpc;
    // Progress only moves forward: with consent phases, projection comes after them.
    options.onProgress?.(interacts ? { phase: "consent_interaction", progressPercent: 55 } : { phase: "projection", progressPercent: 85 });
    const targetHost = hostOf(options.url) ?? "";
    const collectorContext: CollectorContext = {
      page,
      siteHost: () => finalHost ?? targetHost,
      phase: "pre_consent",
      classifier: options.classifier,
      refusedHosts,
    };
    const outcomes = {
      requests: await runCollector(collectors.requests, collectorContext),
      cookies: await runCollector(collectors.cookies, collectorContext),
      storage: await runCollector(collectors.storage, collectorContext),
      frames: await runCollector(collectors.frames, collectorContext),
      consent: await runCollector(collectors.consent, collectorContext),
    };
    // Before the consent phases, which may reload or change the page.
    const transport = await collectTransport({
      collector: transportCollector,
      context: collectorContext,
      probe: transportProbe,
      navigation,
      targetHost,
      cookies: outcomes.cookies.result,
      setupFailed: setupFailures.has(transportCollector.id),
    });
    const consentValid = outcomes.consent.result !== null && ConsentObservationSchema.safeParse(outcomes.consent.result).success;
    const reports = Object.values(outcomes).map(({ report }) => {
      if (report.status === "ok" && setupFailures.has(report.id))
        return { ...report, status: "failed" as const, reason: "target_setup_failed" };
      // The report and the observation must agree: a consent result that does not validate is a failure.
      if (report.status === "ok" && report.id === "consent" && !consentValid)
        return { ...report, status: "failed" as const, reason: "invalid_observation" };
      return report;
    });

    // Each item is checked on its own: one item a page made odd is dropped and counted, it never
    // invalidates the whole scan.
    // The page's links are read now, before a consent phase changes the page; the policy and gpc.json are
    // fetched in a guarded context of their own while the phases run, so they never become evidence.
    const privacySignals = await startPrivacySignals({
      page,
      browser: options.browser,
      guard: options.guard,
      classifier: options.classifier,
      pageObserved: navigation.pageKind === "html",
      siteHost: collectorContext.siteHost(),
      settings: { userAgent, locale: options.locale },
      ...(options.deadlineAt === undefined ? {} : { deadlineAt: options.deadlineAt }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    const consentPhases = await runConsentPhases({
      switches: phases,
      observeMs: {
        preConsent: options.observeMs,
        reject: options.phaseObserveMs?.reject ?? options.observeMs,
        accept: options.phaseObserveMs?.accept ?? options.observeMs,
        gpc: options.phaseObserveMs?.gpc ?? options.observeMs,
      },
      visit: { ...options, userAgent },
      current: {
        page,
        navigation,
        consent: collectors.consent,
        observation: consentValid ? outcomes.consent.result : null,
        collectors,
        siteHost: collectorContext.siteHost,
        refusedHosts,
      },
      deadlineAt: options.deadlineAt ?? Number.POSITIVE_INFINITY,
      signal: options.signal,
      onProgress: options.onProgress,
    });
    if (interacts) options.onProgress?.({ phase: "projection", progressPercent: 85 });

    const bounded = <T>(
      outcome: CollectorOutcome<T[]>,
      options: { limit: number; schema: { safeParse(value: unknown): { success: boolean } } },
    ) => {
      const valid = (outcome.result ?? []).filter((item) => options.schema.safeParse(item).success);
      const dropped = (outcome.result ?? []).length - valid.length;
      return { items: valid.slice(0, options.limit), dropped: dropped + Math.max(0, valid.length - options.limit) };
    };
    const cookies = bounded(outcomes.cookies, { limit: OBSERVATION_LIMITS.cookies, schema: CookieObservationSchema });
    const storage = bounded(outcomes.storage, { limit: OBSERVATION_LIMITS.storage, schema: StorageObservationSchema });
    const requests = bounded(outcomes.requests, { limit: OBSERVATION_LIMITS.requests, schema: RequestObservationSchema });
    const frames = bounded(outcomes.frames, { limit: OBSERVATION_LIMITS.frames, schema: FrameObservationSchema });
    const assembled = {
      schemaVersion: 1,
      scanner: {
        name: options.scanner.name,
        version: options.scanner.version,
        browserVersion: (await options.browser.version().catch(() => null))?.slice(0, 80) ?? null,
        data: options.classifier.dataVersions,
      },
      target: { url: toSafeUrl(options.url), host: targetHost, registrableDomain: options.classifier.registrableDomainOf(targetHost) },
      startedAt: startedAt.toISOString(),
      completedAt: new Date().toISOString(),
      navigation,
      cookies: cookies.items,
      storage: storage.items,
      requests: requests.items,
      frames: frames.items,
      // A consent collector that failed as a whole still says so in the observation: nothing reads as absent.
      consent: consentValid
        ? outcomes.consent.result
        : toFailedConsentObservation({
            status: outcomes.consent.report.status === "timed_out" ? "timed_out" : "failed",
            reason: outcomes.consent.result === null ? outcomes.consent.report.reason : "invalid_observation",
          }),
      transport: transport.observation,
      collectors: [...reports, ...transport.reports],
      truncated: { cookies: cookies.dropped, storage: storage.dropped, requests: requests.dropped, frames: frames.dropped },
    };
    return ScanObservationsSchema.parse(await privacySignals.addTo(withPhaseEvidence(assembled, consentPhases)));
  } finally {
    options.signal?.removeEventListener("abort", abort);
    await context.close().catch(() => undefined);
    await proxy.close();
  }
}
