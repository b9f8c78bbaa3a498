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
}

/**
 * A collector plugin (after tracker-radar-collector's BaseCollector): it hears about every target before the
 * target runs, and produces its observations once the observe window ends. It has its own time budget and
 * fails alone: a failure becomes a CollectorReport that lowers coverage, never a failed scan.
 */
export interface Collector<Result> {
  readonly id: string;
  /** Milliseconds `collect` may take. */
  readonly budgetMs: number;
  /** Called for each target while it is paused, so listeners are in place before its first request. */
  onTarget?(target: AttachedTarget): Promise<void>;
  /** Produces the observations, already minimised. */
  collect(context: CollectorContext): Promise<Result>;
  /** Items collected, for the report. */
  count(result: Result): number;
}

export type CollectorOutcome<Result> = { result: Result | null; report: CollectorReport };
