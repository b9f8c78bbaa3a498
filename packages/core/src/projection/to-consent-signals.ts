import type { ScanObservations } from "../observations/scan-observations.js";
import { toSignalRecord, type EvidenceRecord } from "./evidence-record.js";

/**
 * Facts about the consent banner and the consent actions, as evidence records of kind `consent_signal`
 * named by stable codes:
 * - phase `pre_consent`: the first layer's classification (`accept_and_reject_first_layer`,
 *   `reject_behind_settings`, `accept_only`, `cosmetic_only`, `no_banner_detected`), only when detection
 *   completed (a failed or timed-out detection is a coverage gap, never "no banner");
 * - phase `after_reject` / `after_accept`: `reject_succeeded`, `reject_failed`, `accept_succeeded`,
 *   `accept_failed` when the action was attempted;
 * - phase `pre_consent`: `reject_styled_as_link` when the measured first layer's reject looks like a link in
 *   text while its accept is a filled button; `choices_pre_ticked` when the choice toggles a rejecting
 *   visitor was shown had any purpose other than the necessary one switched on;
 * - phase `gpc`: `gpc_signal_sent` when the GPC visit completed;
 * - phase `reject_next_page` / `accept_next_page`: `banner_returned_after_reject` / `…_after_accept` when
 *   the banner showed again on the second page the phase opened (a page that could not be read says nothing).
 * The vendor is the CMP as autoconsent names it; nothing else of the page is carried.
 */
export function toConsentSignals(observations: ScanObservations): EvidenceRecord[] {
  const host = observations.target.host;
  const consent = observations.consent;
  const cmp = consent?.cmp === "heuristic" ? null : (consent?.cmp ?? null);
  const signal = (name: string, phase: EvidenceRecord["phase"]) =>
    toSignalRecord({ kind: "consent_signal", name, host, vendor: cmp, phase });
  const signals: EvidenceRecord[] = [];
  if (consent && (consent.status === "ok" || consent.status === "not_detected") && consent.classification !== "undetermined") {
    signals.push(signal(consent.classification, "pre_consent"));
  }
  const design = consent?.bannerDesign;
  if (design?.reject?.styledAsLink === true && design.accept?.filled === true && !design.accept.styledAsLink) {
    signals.push(signal("reject_styled_as_link", "pre_consent"));
  }
  if ((consent?.choiceToggles?.preTicked ?? 0) > 0) signals.push(signal("choices_pre_ticked", "pre_consent"));
  const actions = observations.consentActions;
  if (actions?.reject.outcome === "succeeded" || actions?.reject.outcome === "failed") {
    signals.push(signal(`reject_${actions.reject.outcome}`, "after_reject"));
  }
  if (actions?.accept.outcome === "succeeded" || actions?.accept.outcome === "failed") {
    signals.push(signal(`accept_${actions.accept.outcome}`, "after_accept"));
  }
  if (observations.phases?.some((phase) => phase.phase === "gpc" && phase.status === "completed"))
    signals.push(signal("gpc_signal_sent", "gpc"));
  for (const visit of observations.nextPages ?? []) {
    if (visit.bannerShown !== true) continue;
    signals.push(signal(visit.phase === "reject_next_page" ? "banner_returned_after_reject" : "banner_returned_after_accept", visit.phase));
  }
  return signals;
}
