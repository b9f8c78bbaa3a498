import type { CollectorReport, EvidencePhase } from "@public-scan/core";
import type { Page } from "puppeteer-core";
import type { Classifier } from "../classify/index.js";
import type { AttachedTarget } from "../visit/attach-targets.js";

/** What a collector may read; the same for every collector of a scan. */
export interface CollectorContext {
  page: Page;
  /** Host of the scanned URL (after redirects, once known): the first party. */
  siteHost: () => string;
  phase: EvidencePhase;
  classifier: Classifier;
  /** Hosts the egress proxy refused during this scan. */
  refusedHosts: ReadonlySet<string>;
  /**
   * When the phase's window began (`Date.now()`), for a phase that continues a visit (after reject):
   * collectors that record events keep only those from then on; state (cookies, storage) is read as is.
   */
  windowStartMs?: number;
  /**
   * When the visit's navigation started (`Date.now()`): collectors that record events give their times from
   * it, for the visit's timeline. Absent: no times are given.
   */
  visitStartedAt?: number;
}

/**
 * A collector plugin, after tracker-radar-collector's BaseCollector. Its life in one visit:
 *
 * 1. created for the visit (`create*Collector`), holding nothing yet;
 * 2. `attach` for every target (the page, each iframe and worker) while the target is paused, so its
 *    listeners are in place before the target's first request; a collector that cannot attach to one
 *    target is reported as failed (`target_setup_failed`), the others go on;
 * 3. `collect` once per phase (pre-consent, then after reject when the visit continues), within
 *    `budgetMs`, producing minimised observations.
 *
 * It fails alone: a throw or an overrun in `collect` becomes a failed or timed-out CollectorReport that
 * lowers coverage (`runCollector`), never a failed scan.
 */
export interface Collector<Result> {
  /** The report's collector id, unique in a visit. */
  readonly id: string;
  /** Milliseconds `collect` may take. */
  readonly budgetMs: number;
  /** Called for each target while it is paused, so listeners are in place before its first request. */
  attach?(target: AttachedTarget): Promise<void>;
  /** Produces the phase's observations, already minimised. */
  collect(context: CollectorContext): Promise<Result>;
  /** Items collected, for the report. */
  count(result: Result): number;
}

export type CollectorOutcome<Result> = { result: Result | null; report: CollectorReport };

/** The collectors registered for a visit, by name; `runCollectors` runs them in this order. */
export type CollectorSet = Record<string, Collector<unknown>>;

/** Each registered collector's outcome, by the same name and with its own result type. */
export type CollectorOutcomes<Set extends CollectorSet> = {
  [Name in keyof Set]: Set[Name] extends Collector<infer Result> ? CollectorOutcome<Result> : never;
};
