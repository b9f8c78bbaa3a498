import {
  GOOGLE_CONSENT_SIGNALS,
  type ConsentModeCommand,
  type ConsentModeState,
  type GoogleConsentSignal,
} from "../observations/google-consent-observation.js";
import type { ScanObservations } from "../observations/scan-observations.js";
import type { EvidencePhase } from "../contract/index.js";

/**
 * Where Google requires consent mode and the consent rules of the GDPR and ePrivacy apply: the EEA (EU,
 * Iceland, Liechtenstein, Norway), the United Kingdom and Switzerland. A `consent default` limited to other
 * regions does not apply in this reading.
 */
const EEA_READING = new Set("AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO GB CH".split(" "));

/** Each v2 signal's state. */
export type ConsentModeStates = Record<GoogleConsentSignal, ConsentModeState>;

const NOT_SET: ConsentModeStates = {
  adStorage: "not_set",
  analyticsStorage: "not_set",
  adUserData: "not_set",
  adPersonalization: "not_set",
};

/** Whether a default applies to a visitor in the EEA reading: no region list, or one naming a country of it. */
function appliesInEea(command: ConsentModeCommand): boolean {
  return command.regions.length === 0 || command.regions.some((region) => EEA_READING.has(region.slice(0, 2)));
}

/**
 * The state the page declared by the end of its commands, for a visitor in the EEA: an update sets a
 * signal whatever came before; a default sets it only while no update has (gtag's order of precedence).
 */
export function declaredConsentState(commands: readonly ConsentModeCommand[]): ConsentModeStates {
  const state = { ...NOT_SET };
  const updated = new Set<GoogleConsentSignal>();
  for (const command of commands) {
    if (command.command === "default" && !appliesInEea(command)) continue;
    for (const signal of GOOGLE_CONSENT_SIGNALS) {
      const value = command[signal];
      if (value === null) continue;
      if (command.command === "update") {
        state[signal] = value;
        updated.add(signal);
      } else if (!updated.has(signal)) state[signal] = value;
    }
  }
  return state;
}

/** A phase's Google measurement hits: the hosts by the state their hits carried. */
export interface GoogleHitsByState {
  /** Hosts that received hits with ad and analytics storage denied (cookieless pings). */
  deniedPings: string[];
  /** Hosts that received hits with ad or analytics storage granted. */
  granted: string[];
  /** Hosts that received hits carrying no consent mode at all. */
  withoutConsentMode: string[];
}

/** The Google hits of one phase, by state; a host may be in several lists when its hits changed state. */
export function googleHitsByState(observations: ScanObservations, phase: EvidencePhase): GoogleHitsByState {
  const lists = { deniedPings: new Set<string>(), granted: new Set<string>(), withoutConsentMode: new Set<string>() };
  for (const request of observations.requests) {
    const consent = request.googleConsent;
    if (consent === undefined || request.phase !== phase) continue;
    if (!consent.consentMode) lists.withoutConsentMode.add(request.host);
    else if (consent.adStorage === "granted" || consent.analyticsStorage === "granted") lists.granted.add(request.host);
    else lists.deniedPings.add(request.host);
  }
  const sorted = (hosts: Set<string>) => [...hosts].sort();
  return { deniedPings: sorted(lists.deniedPings), granted: sorted(lists.granted), withoutConsentMode: sorted(lists.withoutConsentMode) };
}
