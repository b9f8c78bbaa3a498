import type { EvidencePhase } from "../contract/index.js";
import type { ScanObservations } from "../observations/scan-observations.js";
import { declaredConsentState, googleHitsByState } from "./consent-mode-state.js";
import { toSignalRecord, type EvidenceRecord } from "./evidence-record.js";

/** The phases without a consent choice, and the one after reject: where granted storage is at issue. */
const UNCHOSEN: readonly EvidencePhase[] = ["pre_consent", "after_reject"];

/**
 * Google Consent Mode facts, as `consent_signal` records of vendor Google named by stable codes, per phase:
 * - `consent_mode_storage_granted` (pre_consent, after_reject): a Google hit carried ad or analytics storage
 *   granted (the hit's host), or the page's commands left one granted for a visitor in the EEA (the site's host);
 * - `consent_mode_ad_storage_denied`, `consent_mode_analytics_storage_denied`: the page's commands, or else
 *   every consent-mode hit of the phase, said that storage was denied (the site's host);
 * - `google_tag_without_consent_mode` (pre_consent): a Google hit carried no consent mode (the hit's host).
 * Only decoded states reach here; no parameter of a hit is carried.
 */
export function toConsentModeSignals(observations: ScanObservations): EvidenceRecord[] {
  const site = observations.target.host;
  const record = (name: string, host: string, phase: EvidencePhase) =>
    toSignalRecord({ kind: "consent_signal", name, host, vendor: "Google", phase });
  const records: EvidenceRecord[] = [];
  const read = new Set(observations.consentMode?.phasesRead ?? []);
  for (const phase of UNCHOSEN) {
    const hits = googleHitsByState(observations, phase);
    const commands = (observations.consentMode?.commands ?? []).filter((command) => command.phase === phase);
    const declared = read.has(phase) && commands.length > 0 ? declaredConsentState(commands) : null;
    for (const host of hits.granted) records.push(record("consent_mode_storage_granted", host, phase));
    if (declared !== null && (declared.adStorage === "granted" || declared.analyticsStorage === "granted"))
      records.push(record("consent_mode_storage_granted", site, phase));
    const consentHits = observations.requests.filter((request) => request.phase === phase && request.googleConsent?.consentMode === true);
    const denied = (signal: "adStorage" | "analyticsStorage") =>
      declared !== null
        ? declared[signal] === "denied"
        : consentHits.length > 0 && consentHits.every((request) => request.googleConsent![signal] === "denied");
    if (denied("adStorage")) records.push(record("consent_mode_ad_storage_denied", site, phase));
    if (denied("analyticsStorage")) records.push(record("consent_mode_analytics_storage_denied", site, phase));
    if (phase === "pre_consent")
      for (const host of hits.withoutConsentMode) records.push(record("google_tag_without_consent_mode", host, phase));
  }
  return records;
}
