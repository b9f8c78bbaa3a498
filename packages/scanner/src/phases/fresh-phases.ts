import type { ConsentAction, PhaseRun, ScanProgress } from "@public-scan/core";
import type { PhaseEvidence } from "./collect-phase-evidence.js";
import { afterPhaseNotRun, notRun, toBrokenPhase } from "./phase-runs.js";
import { runFreshVisit, type VisitSettings } from "./run-fresh-visit.js";
import type { ScanPhaseSwitches } from "./scan-phases.js";
import { nextPageBudgetMs, type NextPageOutcome } from "./visit-next-page.js";
import { withBudget } from "./with-budget.js";

export interface ConsentPhaseLimits {
  /** Longest wait for autoconsent's answer or the banner to go, per step. */
  actionTimeoutMs: number;
  /** Longest wait for the banner in the accept phase's fresh visit. */
  bannerWaitMs: number;
  /** Time kept free before the scan's deadline for putting the observations together. */
  reserveMs: number;
}

export const CONSENT_PHASE_LIMITS: ConsentPhaseLimits = { actionTimeoutMs: 5000, bannerWaitMs: 5000, reserveMs: 2000 };

/** What a fresh-context phase needs of the scan: nothing of its first visit but the settings it was made with. */
export interface FreshPhaseSettings {
  switches: ScanPhaseSwitches;
  observeMs: { accept: number; gpc: number };
  visit: VisitSettings;
  limits: ConsentPhaseLimits;
  /** `Date.now()` by which the whole scan must be done. */
  deadlineAt: number;
  signal?: AbortSignal;
  onProgress?: (progress: ScanProgress) => void;
}

/** How the accept visit acts: with autoconsent's rule for this CMP (its rule name), waiting for its popup, or by the heuristic. */
export interface AcceptTarget {
  cmp: string | null;
  expectPopup: boolean;
}

export interface AcceptOutcome {
  run: PhaseRun;
  action: ConsentAction;
  evidence: PhaseEvidence | null;
  /** The accept visit's next page, as it ran or why not. */
  next: NextPageOutcome;
}

export interface GpcOutcome {
  run: PhaseRun;
  evidence: PhaseEvidence | null;
}

const remaining = (settings: FreshPhaseSettings) => settings.deadlineAt - settings.limits.reserveMs - Date.now();

/** Accept: a fresh context, so nothing of the reject (or the first visit) carries over. */
export async function runAcceptVisit(settings: FreshPhaseSettings, target: AcceptTarget): Promise<AcceptOutcome> {
  const { limits, visit, switches } = settings;
  settings.onProgress?.({ phase: "consent_interaction", progressPercent: 68 });
  const observeMs = settings.observeMs.accept;
  // The next page is opened in the accept's own visit, before its context closes: its time is the accept's.
  const nextPageMs = switches.nextPage ? nextPageBudgetMs({ navigationTimeoutMs: visit.navigationTimeoutMs, observeMs }) : 0;
  const outcome = await withBudget({
    budgetMs: Math.min(
      visit.navigationTimeoutMs + 5000 + limits.bannerWaitMs + limits.actionTimeoutMs * 3 + observeMs + 8000 + nextPageMs,
      remaining(settings),
    ),
    signal: settings.signal,
    run: (signal) =>
      runFreshVisit({
        visit,
        phase: "after_accept",
        observeMs,
        accept: { ...target, bannerWaitMs: limits.bannerWaitMs, actionTimeoutMs: limits.actionTimeoutMs },
        nextPage: switches.nextPage,
        signal,
      }),
  });
  if (outcome.status !== "done") {
    const reason = outcome.status === "timed_out" ? "action_timeout" : "action_error";
    const run = toBrokenPhase("after_accept", outcome.status);
    return {
      run,
      action: { outcome: "failed", method: null, verified: null, reason },
      evidence: null,
      next: { run: afterPhaseNotRun("accept_next_page", run, switches), evidence: null, visit: null },
    };
  }
  const run = toFreshVisitPhase("after_accept", { reason: outcome.value.notObservedReason, observeMs });
  return {
    run,
    action: outcome.value.action ?? { outcome: "not_attempted", method: null, verified: null, reason: "no_banner" },
    evidence: outcome.value.evidence,
    next: outcome.value.next ?? { run: afterPhaseNotRun("accept_next_page", run, switches), evidence: null, visit: null },
  };
}

/** GPC: a fresh context with the signal from the first request, and no consent interaction. */
export async function runGpcVisit(settings: FreshPhaseSettings): Promise<GpcOutcome> {
  settings.onProgress?.({ phase: "consent_interaction", progressPercent: 76 });
  const observeMs = settings.observeMs.gpc;
  const outcome = await withBudget({
    budgetMs: Math.min(settings.visit.navigationTimeoutMs + 5000 + observeMs + 8000, remaining(settings)),
    signal: settings.signal,
    run: (signal) => runFreshVisit({ visit: settings.visit, phase: "gpc", observeMs, gpc: true, signal }),
  });
  if (outcome.status !== "done") return { run: toBrokenPhase("gpc", outcome.status), evidence: null };
  return { run: toFreshVisitPhase("gpc", { reason: outcome.value.notObservedReason, observeMs }), evidence: outcome.value.evidence };
}

function toFreshVisitPhase(phase: PhaseRun["phase"], options: { reason: string | null; observeMs: number }): PhaseRun {
  if (options.reason === null) return { phase, status: "completed", reason: null, observeMs: options.observeMs };
  // The visit itself broke; a missing banner or a failed opt-in is a precondition that did not hold.
  if (options.reason === "navigation_failed") return { phase, status: "failed", reason: options.reason, observeMs: null };
  return notRun(phase, options.reason);
}
