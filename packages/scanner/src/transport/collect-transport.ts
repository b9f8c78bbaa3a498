import {
  TransportObservationSchema,
  type CollectorReport,
  type CookieObservation,
  type NavigationObservation,
  type TransportObservation,
} from "@public-scan/core";
import type { Collector, CollectorContext } from "../collectors/collector.js";
import { runCollector } from "../collectors/run-collector.js";
import type { TimedTransportProbe } from "./start-transport-probe.js";
import { toFailedTransportObservation, toTransportObservation } from "./to-transport-observation.js";
import type { BrowserTransport } from "./transport-collector.js";

export interface CollectTransportOptions {
  collector: Collector<BrowserTransport>;
  context: CollectorContext;
  /** The probe started with the visit (`startTransportProbe`). */
  probe: Promise<TimedTransportProbe>;
  navigation: NavigationObservation;
  targetHost: string;
  /** The pre-consent cookies; null when their collector failed. */
  cookies: readonly CookieObservation[] | null;
  /** The collector could not attach to some target: its report says so, as for the other collectors. */
  setupFailed?: boolean;
}

/**
 * Collects the browser's transport facts within the collector's budget, waits for the probe (bounded by
 * its own timeouts), and returns the transport observation with one report per source (`transport` for
 * the browser, `transport_probe` for Node), both of phase `transport`. A broken source lowers coverage
 * through its report and leaves its fields null; it never fails the scan.
 */
export async function collectTransport(
  options: CollectTransportOptions,
): Promise<{ observation: TransportObservation; reports: CollectorReport[] }> {
  const outcome = await runCollector(options.collector, options.context);
  const probe = await options.probe;
  const observation = toTransportObservation({
    targetHost: options.targetHost,
    probe: probe.result,
    browser: { result: outcome.result, status: outcome.report.status, reason: outcome.report.reason },
    navigation: options.navigation,
    cookies: options.cookies,
  });
  const { tlsProbe, httpProbe } = observation.steps;
  const probeSteps = [tlsProbe, httpProbe];
  const broken = probeSteps.find((step) => step.status === "failed" || step.status === "timed_out" || step.status === "refused");
  const reports: CollectorReport[] = [
    options.setupFailed === true && outcome.report.status === "ok"
      ? { ...outcome.report, phase: "transport", status: "failed", reason: "target_setup_failed" }
      : { ...outcome.report, phase: "transport" },
    {
      id: "transport_probe",
      phase: "transport",
      status: broken === undefined ? "ok" : broken.status === "refused" ? "skipped" : broken.status,
      durationMs: probe.durationMs,
      itemCount: probeSteps.filter((step) => step.status === "ok").length,
      reason: broken === undefined ? null : broken.status === "refused" ? "egress_refused" : broken.reason,
    },
  ];
  if (TransportObservationSchema.safeParse(observation).success) return { observation, reports };
  return {
    observation: toFailedTransportObservation({ host: options.targetHost, reason: "invalid_observation" }),
    reports: reports.map((report) => ({ ...report, status: "failed" as const, reason: "invalid_observation" })),
  };
}
