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
import {
  CONSENT_PHASE_LIMITS,
  runAcceptVisit,
  runGpcVisit,
  type AcceptTarget,
  type ConsentPhaseLimits,
  type FreshPhaseSettings,
} from "./fresh-phases.js";
import { afterPhaseNotRun, notRun, toBrokenPhase } from "./phase-runs.js";
import type { VisitSettings } from "./run-fresh-visit.js";
import type { ScanPhaseSwitches } from "./scan-phases.js";
import type { EarlyPhases, RunBeside } from "./start-early-phases.js";
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
  beside?: RunBeside;
  /** The fresh-context phases the scan started before its snapshot (`startEarlyPhases`), used when they still fit. */
  early?: EarlyPhases;
  signal?: AbortSignal;
  onProgress?: (progress: ScanProgress) => void;
  /** Timing knobs; the defaults suit real sites. */
  limits?: Partial<ConsentPhaseLimits>;
}

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
  /** What the fresh-context phases run with. */
  fresh: FreshPhaseSettings;
  /** How the accept visit acts, from what the snapshot found before any phase acted. */
  acceptTarget: AcceptTarget;
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
 * browser context. The fresh-context phases never read the first visit, only what its snapshot found: one
 * the scan started early (`startEarlyPhases`) is kept when the snapshot wants the same, else each starts at
 * once beside the reject when the pool has a free slot for it, and after the reject otherwise. A full scan
 * then costs about its longest phase, not their sum, and never takes a slot another scan waits for. Each has its own time
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
  const popup = current.consent.banner.popup();
  const inputs: PhaseInputs = {
    options,
    limits,
    // A page that is not the site (error page, bot challenge, not HTML) has no banner worth acting on.
    skipReason: !reached ? "navigation_failed" : current.navigation.pageKind !== "html" ? "no_go_page" : null,
    noBanner: banner !== null && (banner.status === "ok" || banner.status === "not_detected") && !banner.bannerVisible,
    remaining: () => options.deadlineAt - limits.reserveMs - Date.now(),
    fresh: {
      switches: options.switches,
      observeMs: options.observeMs,
      visit: options.visit,
      limits,
      deadlineAt: options.deadlineAt,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
    },
    acceptTarget: {
      // autoconsent's own rule name (the observation may name the CMP otherwise): the fresh visit loads that rule.
      cmp: popup?.cmp ?? (banner?.detectedBy === "autoconsent" ? banner.cmp : null),
      expectPopup: popup !== null,
    },
  };
  // The fresh visits read only the snapshot's results, taken before this: they may start beside the reject,
  // or have started before it with what turned out to be the same.
  const acceptEarly = startedAccept(inputs);
  const gpcEarly = startedGpc(inputs);
  if (acceptEarly === null) options.early?.drop("accept");
  if (gpcEarly === null) options.early?.drop("gpc");
  const acceptBeside = acceptEarly ?? (willVisit(inputs, "accept") ? (options.beside?.(() => runAcceptPhase(inputs)) ?? null) : null);
  const gpcBeside = gpcEarly ?? (willVisit(inputs, "gpc") ? (options.beside?.(() => runGpcPhase(inputs)) ?? null) : null);
  let reject: PhaseOutcome, rejectNext: NextPageOutcome, accept: PhaseOutcome, gpc: Omit<PhaseOutcome, "action">;
  try {
    reject = await runRejectPhase(inputs);
    rejectNext = await runRejectNextPage(inputs, reject.run);
    await options.releaseCurrent?.();
    accept = await (acceptBeside ?? runAcceptPhase(inputs));
    gpc = await (gpcBeside ?? runGpcPhase(inputs));
  } finally {
    // Whatever happened (an abort ends them too: same signal), no visit outlives the scan and none of their
    // rejections goes unhandled; an early phase the snapshot did not want is waited for here.
    await Promise.allSettled([acceptBeside, gpcBeside, options.early?.settle()]);
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

/** Accept in a fresh context, when the switches and the snapshot want it. */
async function runAcceptPhase(inputs: PhaseInputs): Promise<PhaseOutcome> {
  const { options } = inputs;
  if (!options.switches.accept) return skipped("after_accept", { reason: "disabled", actionReason: "disabled" });
  if (inputs.skipReason !== null || inputs.noBanner) return skipped("after_accept", { reason: inputs.skipReason ?? "no_banner" });
  return runAcceptVisit(inputs.fresh, inputs.acceptTarget);
}

/** GPC in a fresh context, when the switches and the snapshot want it. */
async function runGpcPhase(inputs: PhaseInputs): Promise<Omit<PhaseOutcome, "action">> {
  const { options } = inputs;
  if (!options.switches.gpc) return { run: notRun("gpc", "disabled"), evidence: null };
  if (inputs.skipReason !== null) return { run: notRun("gpc", inputs.skipReason), evidence: null };
  return runGpcVisit(inputs.fresh);
}

/**
 * The accept visit started before the snapshot, when the snapshot wants an accept visit with the same
 * target; null otherwise (the consent phases then run their own, and the early one is only waited for).
 */
function startedAccept(inputs: PhaseInputs): Promise<PhaseOutcome> | null {
  const started = inputs.options.early?.accept() ?? null;
  if (started === null || !willVisit(inputs, "accept")) return null;
  const { target } = started;
  if (target.cmp !== inputs.acceptTarget.cmp || target.expectPopup !== inputs.acceptTarget.expectPopup) return null;
  return started.outcome.then((outcome) => ({
    ...outcome,
    evidence: asAsked(outcome.evidence, inputs),
    next: { ...outcome.next, evidence: asAsked(outcome.next.evidence, inputs) },
  }));
}

/** The GPC visit started before the snapshot, when the snapshot wants one; null otherwise. */
function startedGpc(inputs: PhaseInputs): Promise<Omit<PhaseOutcome, "action">> | null {
  const started = inputs.options.early?.gpc() ?? null;
  if (started === null || !willVisit(inputs, "gpc")) return null;
  return started.then((outcome) => ({ ...outcome, evidence: asAsked(outcome.evidence, inputs) }));
}

/**
 * An early phase asked the IAB APIs before the snapshot said whether to: without an answer on the first
 * visit, its answers are dropped, as a phase started after the snapshot would not have asked.
 */
function asAsked(evidence: PhaseEvidence | null, inputs: PhaseInputs): PhaseEvidence | null {
  if (evidence === null || inputs.options.visit.askConsentApis === true) return evidence;
  return { ...evidence, tcf: null, gpp: null };
}

/** A phase that did not run, and the consent action it did not attempt (for the same reason unless told). */
function skipped(phase: PhaseRun["phase"], options: { reason: string; actionReason?: string }): PhaseOutcome {
  return { run: notRun(phase, options.reason), action: notAttempted(options.actionReason ?? options.reason), evidence: null };
}
