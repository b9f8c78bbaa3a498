import type { JobQueue, ServiceObserver } from "@public-scan/core";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { SERVE_METRIC_NAMES as NAMES } from "./serve-metric-names.js";

/** What the metrics read at each scrape: the process's job queue and its scanner's browser pool. */
export interface MetricSources {
  queue?: Pick<JobQueue, "depth">;
  browserPool?: { stats(): { running: number; waiting: number; pages: number; launches: number } };
  /** Page slots of the browser pool: pages open at once (the process's concurrency and the spare pages for the scans' phases). */
  browserPoolSlots?: number;
}

export interface ServeMetrics {
  readonly registry: Registry;
  /** Counts requests, jobs, phases and refusals as the service reports them. */
  readonly observer: ServiceObserver;
  /** Hands over the sources read at each scrape, once the process has made them. */
  readonly watch: (sources: MetricSources) => void;
}

const seconds = (ms: number) => ms / 1000;

/**
 * The reference server's metrics in a registry of their own (one per process, so tests and embedders can
 * make several): Node's default metrics, and counters and histograms of requests (by route template, method
 * and status), scans (by outcome), phases, limit refusals (by profile and scope), plus gauges of the job
 * queue and the browser pool read when scraped. Labels only take values from closed sets: route templates,
 * methods, statuses, outcomes, phases, scopes; never an id, a host or a URL.
 */
export function createServeMetrics(): ServeMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  let sources: MetricSources = {};

  const requests = new Counter({
    name: NAMES.httpRequests,
    help: "HTTP requests answered, by route template, method and status.",
    labelNames: ["route", "method", "status"] as const,
    registers,
  });
  const requestDuration = new Histogram({
    name: NAMES.httpRequestDuration,
    help: "Time to answer an HTTP request (to its response's headers), by route template and method.",
    labelNames: ["route", "method"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const jobsStarted = new Counter({ name: NAMES.jobsStarted, help: "Scan jobs this process took and started.", registers });
  const scans = new Counter({
    name: NAMES.scans,
    help: "Scan jobs ended in this process, by outcome (a terminal status, or handed_back at shutdown).",
    labelNames: ["outcome"] as const,
    registers,
  });
  const scanDuration = new Histogram({
    name: NAMES.scanDuration,
    help: "Time from a scan's start to its end in this process, by outcome.",
    labelNames: ["outcome"] as const,
    buckets: [1, 2.5, 5, 10, 15, 20, 30, 45, 60, 90, 120, 180],
    registers,
  });
  const phaseDuration = new Histogram({
    name: NAMES.phaseDuration,
    help: "Time a scan spent in each phase.",
    labelNames: ["phase"] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120],
    registers,
  });
  const refusals = new Counter({
    name: NAMES.limitRefusals,
    help: "Requests a limit refused (rate_limited), by policy profile and the scope of the counter that ran out.",
    labelNames: ["profile", "scope"] as const,
    registers,
  });
  new Gauge({
    name: NAMES.queueJobs,
    help: "Jobs in the job queue by state (BullMQ and SQS: the whole deployment's queue, as every process sees it).",
    labelNames: ["state"] as const,
    registers,
    async collect() {
      if (sources.queue === undefined) return;
      // A queue that cannot answer (Redis down) leaves the last values rather than failing the whole scrape.
      const depth = await sources.queue.depth().catch(() => null);
      if (depth === null) return;
      this.set({ state: "waiting" }, depth.waiting);
      this.set({ state: "running" }, depth.running);
    },
  });
  new Gauge({
    name: NAMES.browserPoolSlots,
    help: "Page slots of this process's browser pool: pages open at once, a scan's own and those its phases borrow.",
    registers,
    collect() {
      if (sources.browserPoolSlots !== undefined) this.set(sources.browserPoolSlots);
    },
  });
  new Gauge({
    name: NAMES.browserPoolScans,
    help: "Scans in this process's browser pool by state: running in the browser, or waiting for a slot.",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const stats = sources.browserPool?.stats();
      if (stats === undefined) return;
      this.set({ state: "running" }, stats.running);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });
  new Gauge({
    name: NAMES.browserPoolPages,
    help: "Page slots in use in this process's browser pool: each running scan's own, and those its accept and GPC visits borrowed.",
    registers,
    collect() {
      const stats = sources.browserPool?.stats();
      if (stats !== undefined) this.set(stats.pages);
    },
  });
  let launchesSeen = 0;
  new Counter({
    name: NAMES.browserLaunches,
    help: "Browser launches (or connections to a remote browser) of this process; more than one means relaunches after a crash or recycling.",
    registers,
    collect() {
      const launches = sources.browserPool?.stats().launches ?? launchesSeen;
      if (launches > launchesSeen) this.inc(launches - launchesSeen);
      launchesSeen = Math.max(launchesSeen, launches);
    },
  });

  return {
    registry,
    watch: (next) => (sources = { ...sources, ...next }),
    observer: {
      requestFinished: ({ route, method, status, durationMs }) => {
        requests.inc({ route, method, status: String(status) });
        requestDuration.observe({ route, method }, seconds(durationMs));
      },
      jobStarted: () => jobsStarted.inc(),
      phaseEnded: ({ phase, durationMs }) => phaseDuration.observe({ phase }, seconds(durationMs)),
      scanEnded: ({ outcome, durationMs }) => {
        scans.inc({ outcome });
        scanDuration.observe({ outcome }, seconds(durationMs));
      },
      limitRefused: ({ profile, scope }) => refusals.inc({ profile, scope }),
    },
  };
}
