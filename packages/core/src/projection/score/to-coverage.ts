import type { Coverage, NoGoReasonCode, ResultDisposition } from "../../contract/index.js";
import type { ScanObservations } from "../../observations/scan-observations.js";
import { toPhaseCoverage } from "./to-phase-coverage.js";
import { toSignalCoverage } from "./to-signal-coverage.js";

/** Customer-safe copy of each no-go reason. */
export const NO_GO_MESSAGES: Record<NoGoReasonCode, string> = {
  bot_challenge: "The site answered with a bot challenge instead of its page, so its behaviour could not be observed.",
  http_error_status: "The site answered with an HTTP error, so its behaviour could not be observed.",
  non_html_target: "The address is not a web page (it returned another type of document).",
  empty_document: "The page was empty, so there was nothing to observe.",
  navigation_timeout: "The page did not finish loading in time.",
  navigation_failed: "The page could not be loaded.",
  target_not_public: "The address does not lead to a public website.",
  page_disrupted:
    "The page disrupted the automated visit (its tab crashed, stopped responding, or sent more data than the scanner accepts), so its behaviour could not be observed.",
};

/**
 * What a coverage limitation calls each collector the scanner reports; an id missing here reaches the
 * customer as the raw id. Public: a host rendering collector reports names them alike, and the scanner's
 * collector recipe test (docs/scanner.md) checks every registered collector has one.
 */
export const COLLECTOR_LABELS: Readonly<Record<string, string>> = {
  requests: "network requests",
  cookies: "cookies",
  storage: "browser storage",
  frames: "frames and workers",
  consent: "consent banner detection",
  transport: "transport security (the browser's view)",
  transport_probe: "transport security (TLS and HTTP probe)",
  privacy_policy: "the privacy policy",
  us_privacy: "US-law signals",
};

/**
 * Coverage and disposition from what the scanner managed to observe. A failed or timed-out collector makes
 * coverage partial with a limitation naming what is missing; a no-go page leaves nothing observed. Partial
 * or no coverage is incomplete evidence, never a clean result.
 */
export function toCoverage(observations: ScanObservations): {
  coverage: Coverage;
  disposition: ResultDisposition;
  reason: { code: NoGoReasonCode; message: string } | null;
} {
  const noGo = observations.navigation.noGoReason;
  if (noGo !== null) {
    return {
      coverage: { status: "none", summary: "The page could not be observed.", limitations: [NO_GO_MESSAGES[noGo]] },
      disposition: "no_go",
      reason: { code: noGo, message: NO_GO_MESSAGES[noGo] },
    };
  }
  // Collectors whose observation says itself which step broke: their coverage text comes from there.
  const described = new Set<string>([
    ...(observations.transport ? ["transport", "transport_probe"] : []),
    ...(observations.privacyPolicy ? ["privacy_policy"] : []),
    ...(observations.usPrivacy ? ["us_privacy"] : []),
  ]);
  const limitations = observations.collectors
    .filter((collector) => collector.status !== "ok" && collector.status !== "skipped" && !described.has(collector.id))
    .map(
      (collector) =>
        `${COLLECTOR_LABELS[collector.id] ?? collector.id}: ${collector.status === "timed_out" ? "timed out" : collector.status}; not fully observed.`,
    );
  for (const [list, dropped] of Object.entries(observations.truncated)) {
    if (dropped > 0) limitations.push(`${list}: ${dropped} more items than the report keeps were observed.`);
  }
  if (!observations.navigation.reachedNetworkIdle)
    limitations.push("The page kept loading; requests after the observation window are not included.");
  const phases = toPhaseCoverage(observations);
  const signals = toSignalCoverage(observations);
  limitations.push(...phases.limitations, ...signals.limitations);
  const partial = observations.collectors.some((collector) => collector.status !== "ok") || phases.partial || signals.partial;
  const observed = `Observed: ${[...phases.observed, ...signals.observed].join(", ")}.`;
  const summary = signals.missing.length === 0 ? observed : `${observed} Not part of this scan: ${signals.missing.join(", ")}.`;
  return {
    coverage: {
      status: partial ? "partial" : "complete",
      summary: partial ? `Some observations of this scan could not be collected; see the limitations. ${summary}` : summary,
      limitations,
    },
    disposition: partial ? "limited_coverage" : "standard",
    reason: null,
  };
}
