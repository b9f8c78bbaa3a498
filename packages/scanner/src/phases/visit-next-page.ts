import type { NextPageVisit, PhaseRun } from "@public-scan/core";
import type { Page } from "puppeteer-core";
import type { CollectorContext } from "../collectors/collector.js";
import type { ConsentBannerHandle } from "../consent/create-banner-handle.js";
import { sleep } from "../timing/sleep.js";
import { navigate } from "../visit/navigate.js";
import { collectPhaseEvidence, type PhaseCollectors, type PhaseEvidence } from "./collect-phase-evidence.js";
import { isBannerVisible } from "./pick-banner-button.js";
import { pickNextPage } from "./pick-next-page.js";
import { withBudget } from "./with-budget.js";

export type NextPagePhase = NextPageVisit["phase"];

export interface VisitNextPageOptions {
  phase: NextPagePhase;
  /** The page of the visit whose choice is tested; it navigates, in the same context. */
  page: Page;
  /** The banner of that visit, to see whether it comes back. */
  banner: ConsentBannerHandle;
  collectors: PhaseCollectors;
  /** The visit's collector context; the phase and its window are this phase's. */
  context: Omit<CollectorContext, "phase" | "windowStartMs">;
  navigationTimeoutMs: number;
  observeMs: number;
  askConsentApis: boolean;
  signal: AbortSignal;
}

export interface NextPageOutcome {
  run: PhaseRun;
  evidence: PhaseEvidence | null;
  visit: NextPageVisit | null;
}

/**
 * What a choice does on the next page: the visit that made it follows a link to a second page of the site
 * (or goes to its home page), as a visitor would, observes it for the phase's window and takes its
 * evidence: the requests of that page from the navigation on, and the cookies and storage at the end.
 * Then it looks for the banner: a stored choice must not bring it back.
 */
export async function visitNextPage(options: VisitNextPageOptions): Promise<NextPageOutcome> {
  const { phase, page, signal } = options;
  const next = await pickNextPage(page);
  if (next === null) return { run: notRun(phase, "no_next_page"), evidence: null, visit: null };
  signal.throwIfAborted();
  const windowStartMs = Date.now();
  const { navigation } = await navigate(page, {
    url: next.url,
    // A followed link tells the next page where the visitor came from; tags that fire on internal navigation read it.
    referer: page.url(),
    timeoutMs: options.navigationTimeoutMs,
    idleTimeoutMs: Math.min(5000, options.navigationTimeoutMs),
    refusedHosts: options.context.refusedHosts,
  });
  if (navigation.pageKind === "unreachable") {
    return { run: { phase, status: "failed", reason: "navigation_failed", observeMs: null }, evidence: null, visit: null };
  }
  await sleep(options.observeMs, signal);
  signal.throwIfAborted();
  const [evidence, frames] = await Promise.all([
    collectPhaseEvidence({
      collectors: options.collectors,
      context: { ...options.context, phase, windowStartMs },
      askConsentApis: options.askConsentApis,
    }),
    options.banner.scan(),
  ]);
  return {
    run: { phase, status: "completed", reason: null, observeMs: options.observeMs },
    evidence,
    visit: { phase, via: next.via, bannerShown: frames === null ? null : isBannerVisible({ frames }) },
  };
}

const notRun = (phase: PhaseRun["phase"], reason: string): PhaseRun => ({ phase, status: "not_run", reason, observeMs: null });

/** The time a next page needs at most: its navigation, a little to settle, its window and its snapshot. */
export function nextPageBudgetMs(options: { navigationTimeoutMs: number; observeMs: number }): number {
  return options.navigationTimeoutMs + options.observeMs + 8000;
}

/**
 * `visitNextPage` within its own time budget, so that a next page that breaks or overruns is reported as
 * such and never costs the phase before it its evidence. Only the scan's own abort propagates.
 */
export async function visitNextPageWithin(options: VisitNextPageOptions & { budgetMs: number }): Promise<NextPageOutcome> {
  const outcome = await withBudget({
    budgetMs: options.budgetMs,
    signal: options.signal,
    run: (signal) => visitNextPage({ ...options, signal }),
  });
  if (outcome.status === "done") return outcome.value;
  const run: PhaseRun =
    outcome.status === "no_time"
      ? notRun(options.phase, "scan_deadline")
      : {
          phase: options.phase,
          status: outcome.status,
          reason: outcome.status === "timed_out" ? "phase_timeout" : "phase_error",
          observeMs: null,
        };
  return { run, evidence: null, visit: null };
}
