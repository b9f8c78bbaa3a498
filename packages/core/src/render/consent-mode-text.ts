import type { ConsentModeStates } from "../projection/consent-mode-state.js";

const SIGNAL_WORDS: Readonly<Record<keyof ConsentModeStates, string>> = {
  adStorage: "ad storage",
  analyticsStorage: "analytics storage",
  adUserData: "ad user data",
  adPersonalization: "ad personalization",
};

/**
 * A declared consent-mode state in words ("ad storage denied, analytics storage granted, ..."), signals
 * the page did not set left out; "nothing set" when it set none. The report page and the terminal say it
 * the same way.
 */
export function consentModeStatesText(states: ConsentModeStates): string {
  const set = (Object.keys(SIGNAL_WORDS) as (keyof ConsentModeStates)[])
    .filter((signal) => states[signal] !== "not_set")
    .map((signal) => `${SIGNAL_WORDS[signal]} ${states[signal]}`);
  return set.length === 0 ? "nothing set" : set.join(", ");
}

/** A list of hosts in words: "none" when empty. */
export function hostListText(hosts: readonly string[]): string {
  return hosts.length === 0 ? "none" : hosts.join(", ");
}

/** TCF purpose ids in words: "1, 2, 7" or "none". */
export function purposeListText(ids: readonly number[]): string {
  return ids.length === 0 ? "none" : ids.join(", ");
}
