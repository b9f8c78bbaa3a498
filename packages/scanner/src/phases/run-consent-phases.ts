import type { ConsentAction, ConsentActions, ConsentObservation, NavigationObservation, PhaseRun, ScanProgress } from "@public-scan/core";
import type { Page } from "puppeteer-core";
import type { ConsentCollector } from "../consent/consent-collector.js";
import { sleep } from "../timing/sleep.js";
import { collectPhaseEvidence, type PhaseCollectors, type PhaseEvidence } from "./collect-phase-evidence.js";
import { performConsentAction } from "./perform-consent-action.js";
import { runFreshVisit, type VisitSettings } from "./run-fresh-visit.js";
import type { ScanPhaseSwitches } from "./scan-phases.js";
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
  };
  /** `Date.now()` by which the whole scan must be done: no phase may run into it. */
  deadlineAt: number;
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
  /** The evidence of each phase that completed, in phase order. */
  evidence: PhaseEvidence[];
}

const notAttempted = (reason: string): ConsentAction => ({ outcome: "not_attempted", method: null, verified: null, reason });
const notRun = (phase: PhaseRun["phase"], reason: string): PhaseRun => ({ phase, status: "not_run", reason, observeMs: null });

/**
 * The phases after the pre-consent snapshot: reject in the same visit, then accept and GPC each in a fresh
 * browser context. Each has its own time budget, capped so that it ends before the scan's deadline, and
 * fails alone: a phase that breaks or runs out of time is reported as such and never fails the scan. Only
 * the scan's own abort (cancel, shutdown) ends the scan.
 */
export async function runConsentPhases(options: RunConsentPhasesOptions): Promise<ConsentPhasesResult> {
  const { switches, current } = options;
  const limits = { ...CONSENT_PHASE_LIMITS, ...options.limits };
  const evidence: PhaseEvidence[] = [];
  const reached = current.navigation.pageKind !== "unreachable";
  const phases: PhaseRun[] = [
    reached
      ? { phase: "pre_consent", status: "completed", reason: null, observeMs: options.observeMs.preConsent }
      : { phase: "pre_consent", status: "failed", reason: "navigation_failed", observeMs: null },
  ];
  // A page that is not the site (error page, bot challenge, not HTML) has no banner worth acting on.
  const skipReason = !reached ? "navigation_failed" : current.navigation.pageKind !== "html" ? "no_go_page" : null;
  const banner = current.observation;
  const noBanner = banner !== null && (banner.status === "ok" || banner.status === "not_detected") && !banner.bannerVisible;
  const remaining = () => options.deadlineAt - limits.reserveMs - Date.now();

  // Reject: the same visit, right after the snapshot.
  let reject = notAttempted("disabled");
  if (!switches.reject) phases.push(notRun("after_reject", "disabled"));
  else if (skipReason !== null) {
    phases.push(notRun("after_reject", skipReason));
    reject = notAttempted(skipReason);
  } else if (banner === null || noBanner || banner.status === "failed" || banner.status === "timed_out") {
    const reason = noBanner ? "no_banner" : "banner_undetermined";
    phases.push(notRun("after_reject", reason));
    reject = notAttempted(reason);
  } else {
    options.onProgress?.({ phase: "consent_interaction", progressPercent: 60 });
    const observeMs = options.observeMs.reject;
    let action: ConsentAction | null = null;
    const outcome = await withBudget({
      budgetMs: Math.min(limits.actionTimeoutMs * 4 + observeMs + 8000, remaining()),
      signal: options.signal,
      run: async (signal) => {
        // Requests the action itself sets off (a CMP that loads its tags on any answer) are after-reject.
        const windowStartMs = Date.now();
        action = await performConsentAction({ banner: current.consent.banner, action: "reject", timeoutMs: limits.actionTimeoutMs });
        if (action.outcome !== "succeeded") return null;
        await sleep(observeMs, signal);
        signal.throwIfAborted();
        return collectPhaseEvidence({
          collectors: current.collectors,
          context: {
            page: current.page,
            siteHost: current.siteHost,
            phase: "after_reject",
            classifier: options.visit.classifier,
            refusedHosts: current.refusedHosts,
            windowStartMs,
          },
        });
      },
    });
    reject = action ?? { outcome: "failed", method: null, verified: null, reason: "action_timeout" };
    if (outcome.status === "done" && outcome.value !== null) {
      evidence.push(outcome.value);
      phases.push({ phase: "after_reject", status: "completed", reason: null, observeMs });
    } else if (outcome.status === "done") {
      phases.push(notRun("after_reject", reject.outcome === "not_attempted" ? (reject.reason ?? "no_banner") : "opt_out_failed"));
    } else phases.push(toBrokenPhase("after_reject", outcome.status));
  }

  // Accept: a fresh context, so nothing of the reject (or the first visit) carries over.
  let accept = notAttempted("disabled");
  if (!switches.accept) phases.push(notRun("after_accept", "disabled"));
  else if (skipReason !== null || noBanner) {
    const reason = skipReason ?? "no_banner";
    phases.push(notRun("after_accept", reason));
    accept = notAttempted(reason);
  } else {
    options.onProgress?.({ phase: "consent_interaction", progressPercent: 68 });
    const observeMs = options.observeMs.accept;
    const known = banner?.detectedBy === "autoconsent" && banner.cmp !== null ? banner.cmp : null;
    const outcome = await withBudget({
      budgetMs: Math.min(
        options.visit.navigationTimeoutMs + 5000 + limits.bannerWaitMs + limits.actionTimeoutMs * 3 + observeMs + 8000,
        remaining(),
      ),
      signal: options.signal,
      run: (signal) =>
        runFreshVisit({
          visit: options.visit,
          phase: "after_accept",
          observeMs,
          accept: {
            cmp: known,
            expectPopup: current.consent.banner.popup() !== null,
            bannerWaitMs: limits.bannerWaitMs,
            actionTimeoutMs: limits.actionTimeoutMs,
          },
          signal,
        }),
    });
    if (outcome.status === "done") {
      accept = outcome.value.action ?? notAttempted("no_banner");
      phases.push(toFreshVisitPhase("after_accept", { reason: outcome.value.notObservedReason, observeMs }));
      if (outcome.value.evidence) evidence.push(outcome.value.evidence);
    } else {
      accept = {
        outcome: "failed",
        method: null,
        verified: null,
        reason: outcome.status === "timed_out" ? "action_timeout" : "action_error",
      };
      phases.push(toBrokenPhase("after_accept", outcome.status));
    }
  }

  // GPC: a fresh context with the signal from the first request, and no consent interaction.
  if (!switches.gpc) phases.push(notRun("gpc", "disabled"));
  else if (skipReason !== null) phases.push(notRun("gpc", skipReason));
  else {
    options.onProgress?.({ phase: "consent_interaction", progressPercent: 76 });
    const observeMs = options.observeMs.gpc;
    const outcome = await withBudget({
      budgetMs: Math.min(options.visit.navigationTimeoutMs + 5000 + observeMs + 8000, remaining()),
      signal: options.signal,
      run: (signal) => runFreshVisit({ visit: options.visit, phase: "gpc", observeMs, gpc: true, signal }),
    });
    if (outcome.status === "done") {
      phases.push(toFreshVisitPhase("gpc", { reason: outcome.value.notObservedReason, observeMs }));
      if (outcome.value.evidence) evidence.push(outcome.value.evidence);
    } else phases.push(toBrokenPhase("gpc", outcome.status));
  }

  return { phases, consentActions: { reject, accept }, evidence };
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
