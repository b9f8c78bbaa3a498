import type { Coverage, NoGoReasonCode, ResultDisposition } from "../../contract/index.js";
import type { ScanObservations } from "../../observations/scan-observations.js";
import { toPhaseCoverage } from "./to-phase-coverage.js";

/** Customer-safe copy of each no-go reason. */
export const NO_GO_MESSAGES: Record<NoGoReasonCode, string> = {
  bot_challenge: "The site answered with a bot challenge instead of its page, so its behaviour could not be observed.",
  http_error_status: "The site answered with an HTTP error, so its behaviour could not be observed.",
  non_html_target: "The address is not a web page (it returned another type of document).",
  empty_document: "The page was empty, so there was nothing to observe.",
  navigation_timeout: "The page did not finish loading in time.",
  navigation_failed: "The page could not be loaded.",
  target_not_public: "The address does not lead to a public website.",
};

const COLLECTOR_LABELS: Record<string, string> = {
  requests: "network requests",
  cookies: "cookies",
  storage: "browser storage",
  frames: "frames and workers",
  consent: "consent banner detection",
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
  const limitations = observations.collectors
    .filter((collector) => collector.status !== "ok")
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
  limitations.push(...phases.limitations);
  const partial = observations.collectors.some((collector) => collector.status !== "ok") || phases.partial;
  return {
    coverage: {
      status: partial ? "partial" : "complete",
      summary: partial ? "Some observations of this scan could not be collected; see the limitations." : phases.summary,
      limitations,
    },
    disposition: partial ? "limited_coverage" : "standard",
    reason: null,
  };
}
