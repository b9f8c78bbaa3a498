import type {
  ConsentAction,
  ConsentActions,
  ConsentObservation,
  NavigationObservation,
  NextPageVisit,
  PhaseRun,
  ScanProgress,
} from "@public-scan/core";
import type { Page } from "puppeteer-core";
import type { CollectorContext } from "../collectors/collector.js";
import type { ConsentButtonKind } from "../consent/classify-button-label.js";
import type { ConsentCollector } from "../consent/consent-collector.js";
import { sleep } from "../timing/sleep.js";
import { collectPhaseEvidence, type PhaseCollectors, type PhaseEvidence } from "./collect-phase-evidence.js";
import { performConsentAction, type ChoiceToggleReading } from "./perform-consent-action.js";
import { runFreshVisit, type VisitSettings } from "./run-fresh-visit.js";
import type { ScanPhaseSwitches } from "./scan-phases.js";
import { nextPageBudgetMs, visitNextPageWithin, type NextPageOutcome } from "./visit-next-page.js";
import { withBudget } from "./with-budget.js";

export interface RunConsentPhasesOptions {
  switches: ScanPhaseSwitches;
  /** The pre-consent observe window, and each later phase's. */
  observeMs: { preConsent: number; reject: number; accept: number; gpc: number };
  visit: VisitSettings;
  /** The scan's own visit, right after its pre-consent snapshot: the reject phase continues it. */
  current: {
    page: Page;
    navigation: NavigationObservation;
    consent: ConsentCollector;
    /** The pre-consent consent observation; null when the collector failed. */
    observation: ConsentObservation | null;
    collectors: PhaseCollectors;
    siteHost: () => string;
    refusedHosts: ReadonlySet<string>;
    /** When the visit's navigation started (`Date.now()`), for the times of its requests. */
    visitStartedAt?: number;
  };
  /**
   * Frees the scan's own visit once the reject phase is done with it (closes its context). The accept and
   * GPC phases visit in fresh contexts and never read it; kept open beside them, its page and frames would
   * double the scan's memory for the rest of the scan. Settles; never throws.
   */
  releaseCurrent?: () => Promise<void>;
  /** `Date.now()` by which the whole scan must be done: no phase may run into it. */
  deadlineAt: number;
  /**
   * Runs a fresh-context phase beside the scan's own visit in a slot of its own when one is free
   * (`SpareSlots`); null when none is, and the phase then runs after the reject, in the scan's slot.
   */
  beside?: <T>(task: () => Promise<T>) => Promise<T> | null;
  signal?: AbortSignal;
  onProgress?: (progress: ScanProgress) => void;
  /** Timing knobs; the defaults suit real sites. */
  limits?: Partial<ConsentPhaseLimits>;
}

export interface ConsentPhaseLimits {
  /** Longest wait for autoconsent's answer or the banner to go, per step. */
  actionTimeoutMs: number;
  /** Longest wait for the banner in the accept phase's fresh visit. */
  bannerWaitMs: number;
  /** Time kept free before the scan's deadline for putting the observations together. */
  reserveMs: number;
}

export const CONSENT_PHASE_LIMITS: ConsentPhaseLimits = { actionTimeoutMs: 5000, bannerWaitMs: 5000, reserveMs: 2000 };

export interface ConsentPhasesResult {
  /** Every phase in order, pre_consent first, each with why it did not complete. */
  phases: PhaseRun[];
  consentActions: ConsentActions;
  /** What the reject clicked, in order: the first click shows the first layer (`reconcileFirstLayer`). */
  rejectClicks: ConsentButtonKind[] | null;
  /** The choice toggles the reject was shown (or that the preferences showed, for a first layer without reject); null when none were read. */
  rejectToggles: ChoiceToggleReading | null;
  /** The evidence of each phase that completed, in phase order. */
  evidence: PhaseEvidence[];
  /** When the reject phase started acting and, once it completed, took its snapshot (`Date.now()`); null when it did not act. */
  rejectTimes: { actedAt: number; snapshotAt: number | null } | null;
  /** The second pages the next-page phases opened, in phase order. */
  nextPages: NextPageVisit[];
}

const notAttempted = (reason: string): ConsentAction => ({ outcome: "not_attempted", method: null, verified: null, reason });
const notRun = (phase: PhaseRun["phase"], reason: string): PhaseRun => ({ phase, status: "not_run", reason, observeMs: null });

/** What the three phases share: the options, the limits, and what the pre-consent snapshot found. */
interface PhaseInputs {
  options: RunConsentPhasesOptions;
  limits: ConsentPhaseLimits;
  /** Why no phase acts on this page (not reached, not the site's page); null when they may. */
  skipReason: string | null;
  /** The snapshot saw for sure that there was no banner. */
  noBanner: boolean;
  /** Time left before the scan's deadline, less the reserve. */
  remaining: () => number;
  /** The CMP popup autoconsent found before any phase acted (the accept's fresh visit loads its rule). */
  popup: ReturnType<ConsentCollector["banner"]["popup"]>;
}

/** One phase's run: its PhaseRun, the consent action it took (if any), and its evidence when it completed. */
interface PhaseOutcome {
  run: PhaseRun;
  action: ConsentAction;
  evidence: PhaseEvidence | null;
  clicks?: ConsentButtonKind[] | null;
  toggles?: ChoiceToggleReading | null;
  times?: ConsentPhasesResult["rejectTimes"];
  /** The accept visit's next page, when it ran or broke in that visit. */
  next?: NextPageOutcome;
}

/**
 * The phases after the pre-consent snapshot: reject in the same visit, accept and GPC each in a fresh
 * browser context. The fresh-context phases never read the first visit, so each starts at once beside the
 * reject when the pool has a free slot for it, and after the reject otherwise: a full scan costs about
 * the longest phase, not their sum, and never takes a slot another scan waits for. Each has its own time
 * budget, capped so that it ends before the scan's deadline, and fails alone: a phase that breaks or runs
 * out of time is reported as such and never fails the scan. Only the scan's own abort (cancel, shutdown)
 * ends the scan.
 */
export async function runConsentPhases(options: RunConsentPhasesOptions): Promise<ConsentPhasesResult> {
  options = { ...options, onProgress: forwardOnly(options.onProgress) };
  const { current } = options;
  const limits = { ...CONSENT_PHASE_LIMITS, ...options.limits };
  const reached = current.navigation.pageKind !== "unreachable";
  const preConsent: PhaseRun = reached
    ? { phase: "pre_consent", status: "completed", reason: null, observeMs: options.observeMs.preConsent }
    : { phase: "pre_consent", status: "failed", reason: "navigation_failed", observeMs: null };
  const banner = current.observation;
  const inputs: PhaseInputs = {
    options,
    limits,
    // A page that is not the site (error page, bot challenge, not HTML) has no banner worth acting on.
    skipReason: !reached ? "navigation_failed" : current.navigation.pageKind !== "html" ? "no_go_page" : null,
    noBanner: banner !== null && (banner.status === "ok" || banner.status === "not_detected") && !banner.bannerVisible,
    remaining: () => options.deadlineAt - limits.reserveMs - Date.now(),
    popup: current.consent.banner.popup(),
  };
  // The fresh visits read only the snapshot's results, taken before this: they may start beside the reject.
  const acceptBeside = willVisit(inputs, "accept") ? (options.beside?.(() => runAcceptPhase(inputs)) ?? null) : null;
  const gpcBeside = willVisit(inputs, "gpc") ? (options.beside?.(() => runGpcPhase(inputs)) ?? null) : null;
  let reject: PhaseOutcome, rejectNext: NextPageOutcome, accept: PhaseOutcome, gpc: Omit<PhaseOutcome, "action">;
  try {
    reject = await runRejectPhase(inputs);
    rejectNext = await runRejectNextPage(inputs, reject.run);
    await options.releaseCurrent?.();
    accept = await (acceptBeside ?? runAcceptPhase(inputs));
    gpc = await (gpcBeside ?? runGpcPhase(inputs));
  } catch (error) {
    // The scan was aborted: the phases beside it end with it (same signal) and are waited for, so no
    // visit outlives the scan and none of their rejections goes unhandled.
    await Promise.allSettled([acceptBeside, gpcBeside]);
    throw error;
  }
  const acceptNext = accept.next ?? {
    run: afterPhaseNotRun("accept_next_page", accept.run, options.switches),
    evidence: null,
    visit: null,
  };
  return {
    phases: [preConsent, reject.run, rejectNext.run, accept.run, acceptNext.run, gpc.run],
    consentActions: { reject: reject.action, accept: accept.action },
    rejectClicks: reject.clicks ?? null,
    rejectToggles: reject.toggles ?? null,
    evidence: [reject.evidence, rejectNext.evidence, accept.evidence, acceptNext.evidence, gpc.evidence].filter(
      (evidence) => evidence !== null,
    ),
    rejectTimes: reject.times ?? null,
    nextPages: [rejectNext.visit, acceptNext.visit].filter((visit) => visit !== null),
  };
}

/** Whether a fresh-context phase will open a visit (so is worth a slot of its own). */
function willVisit(inputs: PhaseInputs, phase: "accept" | "gpc"): boolean {
  if (!inputs.options.switches[phase] || inputs.skipReason !== null) return false;
  return phase === "gpc" || !inputs.noBanner;
}

/** Progress from phases that run side by side, forward only: a phase that reports a lower figure later says nothing. */
function forwardOnly(onProgress: RunConsentPhasesOptions["onProgress"]): RunConsentPhasesOptions["onProgress"] {
  if (onProgress === undefined) return undefined;
  let highest = -1;
  return (progress) => {
    if (progress.progressPercent <= highest) return;
    highest = progress.progressPercent;
    onProgress(progress);
  };
}

/**
 * Why a next-page phase did not run: switched off, or the choice it follows did not complete (a reject or
 * accept that did not run says its own reason: no banner, switched off).
 */
function afterPhaseNotRun(phase: NextPageVisit["phase"], choice: PhaseRun, switches: RunConsentPhasesOptions["switches"]): PhaseRun {
  if (!switches.nextPage) return notRun(phase, "disabled");
  if (choice.status === "not_run") return notRun(phase, choice.reason ?? "choice_not_completed");
  return notRun(phase, "choice_not_completed");
}

/** The next page after reject: the same visit follows a link, right after the reject's snapshot. */
async function runRejectNextPage(inputs: PhaseInputs, reject: PhaseRun): Promise<NextPageOutcome> {
  const { options } = inputs;
  const { current } = options;
  if (!options.switches.nextPage || reject.status !== "completed") {
    return { run: afterPhaseNotRun("reject_next_page", reject, options.switches), evidence: null, visit: null };
  }
  const observeMs = options.observeMs.reject;
  return visitNextPageWithin({
    budgetMs: Math.min(nextPageBudgetMs({ navigationTimeoutMs: options.visit.navigationTimeoutMs, observeMs }), inputs.remaining()),
    phase: "reject_next_page",
    page: current.page,
    banner: current.consent.banner,
    collectors: current.collectors,
    context: {
      page: current.page,
      siteHost: current.siteHost,
      classifier: options.visit.classifier,
      refusedHosts: current.refusedHosts,
      ...(current.visitStartedAt === undefined ? {} : { visitStartedAt: current.visitStartedAt }),
    },
    navigationTimeoutMs: options.visit.navigationTimeoutMs,
    observeMs,
    askConsentApis: options.visit.askConsentApis === true,
    signal: options.signal ?? new AbortController().signal,
  });
}

/** Reject: the same visit, right after the snapshot. */
async function runRejectPhase(inputs: PhaseInputs): Promise<PhaseOutcome> {
  const { options, limits } = inputs;
  const banner = options.current.observation;
  if (!options.switches.reject) return skipped("after_reject", { reason: "disabled", actionReason: "disabled" });
  if (inputs.skipReason !== null) return skipped("after_reject", { reason: inputs.skipReason });
  if (banner === null || inputs.noBanner || banner.status === "failed" || banner.status === "timed_out") {
    return skipped("after_reject", { reason: inputs.noBanner ? "no_banner" : "banner_undetermined" });
  }
  options.onProgress?.({ phase: "consent_interaction", progressPercent: 60 });
  const observeMs = options.observeMs.reject;
  let action: ConsentAction | null = null;
  let clicks: ConsentButtonKind[] | null = null;
  let toggles: ChoiceToggleReading | null = null;
  let times: ConsentPhasesResult["rejectTimes"] = null;
  const outcome = await withBudget({
    budgetMs: Math.min(limits.actionTimeoutMs * 4 + observeMs + 8000, inputs.remaining()),
    signal: options.signal,
    run: async (signal) => {
      // Requests the action itself sets off (a CMP that loads its tags on any answer) are after-reject.
      const windowStartMs = Date.now();
      times = { actedAt: windowStartMs, snapshotAt: null };
      const performed = await performConsentAction({
        banner: options.current.consent.banner,
        action: "reject",
        timeoutMs: limits.actionTimeoutMs,
      });
      ({ action, clicks } = performed);
      toggles = performed.toggles ?? null;
      if (performed.action.outcome !== "succeeded") return null;
      await sleep(observeMs, signal);
      signal.throwIfAborted();
      times.snapshotAt = Date.now();
      return collectPhaseEvidence({
        collectors: options.current.collectors,
        context: rejectContext(options, windowStartMs),
        askConsentApis: options.visit.askConsentApis === true,
      });
    },
  });
  const reject: ConsentAction = action ?? { outcome: "failed", method: null, verified: null, reason: "action_timeout" };
  if (outcome.status !== "done") {
    return {
      run: toBrokenPhase("after_reject", outcome.status),
      action: reject,
      evidence: null,
      clicks,
      toggles,
      times: withoutSnapshot(times),
    };
  }
  if (outcome.value !== null) {
    return {
      run: { phase: "after_reject", status: "completed", reason: null, observeMs },
      action: reject,
      evidence: outcome.value,
      clicks,
      toggles,
      times,
    };
  }
  // A banner without a reject option is no opt-out that failed: the phase has nothing to observe.
  const reason =
    reject.outcome === "not_attempted"
      ? (reject.reason ?? "no_banner")
      : reject.reason === "no_reject_option"
        ? "no_reject_option"
        : "opt_out_failed";
  return { run: notRun("after_reject", reason), action: reject, evidence: null, clicks, toggles, times: withoutSnapshot(times) };
}

/** A reject phase that did not complete took no snapshot, whatever it had started. */
function withoutSnapshot(times: ConsentPhasesResult["rejectTimes"]): ConsentPhasesResult["rejectTimes"] {
  return times === null ? null : { actedAt: times.actedAt, snapshotAt: null };
}

function rejectContext(options: RunConsentPhasesOptions, windowStartMs: number): CollectorContext {
  const { current } = options;
  return {
    page: current.page,
    siteHost: current.siteHost,
    phase: "after_reject",
    classifier: options.visit.classifier,
    refusedHosts: current.refusedHosts,
    windowStartMs,
    ...(current.visitStartedAt === undefined ? {} : { visitStartedAt: current.visitStartedAt }),
  };
}

/** Accept: a fresh context, so nothing of the reject (or the first visit) carries over. */
async function runAcceptPhase(inputs: PhaseInputs): Promise<PhaseOutcome> {
  const { options, limits } = inputs;
  const banner = options.current.observation;
  if (!options.switches.accept) return skipped("after_accept", { reason: "disabled", actionReason: "disabled" });
  if (inputs.skipReason !== null || inputs.noBanner) return skipped("after_accept", { reason: inputs.skipReason ?? "no_banner" });
  options.onProgress?.({ phase: "consent_interaction", progressPercent: 68 });
  const observeMs = options.observeMs.accept;
  // The next page is opened in the accept's own visit, before its context closes: its time is the accept's.
  const nextPageMs = options.switches.nextPage
    ? nextPageBudgetMs({ navigationTimeoutMs: options.visit.navigationTimeoutMs, observeMs })
    : 0;
  const outcome = await withBudget({
    budgetMs: Math.min(
      options.visit.navigationTimeoutMs + 5000 + limits.bannerWaitMs + limits.actionTimeoutMs * 3 + observeMs + 8000 + nextPageMs,
      inputs.remaining(),
    ),
    signal: options.signal,
    run: (signal) =>
      runFreshVisit({
        visit: options.visit,
        phase: "after_accept",
        observeMs,
        accept: {
          // autoconsent's own rule name (the observation may name the CMP otherwise): the fresh visit loads that rule.
          cmp: inputs.popup?.cmp ?? (banner?.detectedBy === "autoconsent" ? banner.cmp : null),
          expectPopup: inputs.popup !== null,
          bannerWaitMs: limits.bannerWaitMs,
          actionTimeoutMs: limits.actionTimeoutMs,
        },
        nextPage: options.switches.nextPage,
        signal,
      }),
  });
  if (outcome.status !== "done") {
    const reason = outcome.status === "timed_out" ? "action_timeout" : "action_error";
    return {
      run: toBrokenPhase("after_accept", outcome.status),
      action: { outcome: "failed", method: null, verified: null, reason },
      evidence: null,
    };
  }
  const run = toFreshVisitPhase("after_accept", { reason: outcome.value.notObservedReason, observeMs });
  return {
    run,
    action: outcome.value.action ?? notAttempted("no_banner"),
    evidence: outcome.value.evidence,
    next: outcome.value.next ?? { run: afterPhaseNotRun("accept_next_page", run, options.switches), evidence: null, visit: null },
  };
}

/** GPC: a fresh context with the signal from the first request, and no consent interaction. */
async function runGpcPhase(inputs: PhaseInputs): Promise<Omit<PhaseOutcome, "action">> {
  const { options } = inputs;
  if (!options.switches.gpc) return { run: notRun("gpc", "disabled"), evidence: null };
  if (inputs.skipReason !== null) return { run: notRun("gpc", inputs.skipReason), evidence: null };
  options.onProgress?.({ phase: "consent_interaction", progressPercent: 76 });
  const observeMs = options.observeMs.gpc;
  const outcome = await withBudget({
    budgetMs: Math.min(options.visit.navigationTimeoutMs + 5000 + observeMs + 8000, inputs.remaining()),
    signal: options.signal,
    run: (signal) => runFreshVisit({ visit: options.visit, phase: "gpc", observeMs, gpc: true, signal }),
  });
  if (outcome.status !== "done") return { run: toBrokenPhase("gpc", outcome.status), evidence: null };
  return { run: toFreshVisitPhase("gpc", { reason: outcome.value.notObservedReason, observeMs }), evidence: outcome.value.evidence };
}

/** A phase that did not run, and the consent action it did not attempt (for the same reason unless told). */
function skipped(phase: PhaseRun["phase"], options: { reason: string; actionReason?: string }): PhaseOutcome {
  return { run: notRun(phase, options.reason), action: notAttempted(options.actionReason ?? options.reason), evidence: null };
}

function toBrokenPhase(phase: PhaseRun["phase"], status: "timed_out" | "failed" | "no_time"): PhaseRun {
  if (status === "no_time") return notRun(phase, "scan_deadline");
  return { phase, status, reason: status === "timed_out" ? "phase_timeout" : "phase_error", observeMs: null };
}

function toFreshVisitPhase(phase: PhaseRun["phase"], options: { reason: string | null; observeMs: number }): PhaseRun {
  if (options.reason === null) return { phase, status: "completed", reason: null, observeMs: options.observeMs };
  // The visit itself broke; a missing banner or a failed opt-in is a precondition that did not hold.
  if (options.reason === "navigation_failed") return { phase, status: "failed", reason: options.reason, observeMs: null };
  return notRun(phase, options.reason);
}
