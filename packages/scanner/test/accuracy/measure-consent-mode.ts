import type { ScanObservations } from "@public-scan/core";
import type { ConsentModeGroundTruth } from "@public-scan/fixture-web";
import { countSet } from "./count-labels.js";
import type { CONSENT_MODE_PHASES } from "./scored-label.js";
import { type LabelKind, type ScoredLabel } from "./scored-label.js";

const SIGNALS = ["adStorage", "analyticsStorage", "adUserData", "adPersonalization"] as const;
type Signals = Record<(typeof SIGNALS)[number], string | null>;
const signalsKey = (item: Signals) => SIGNALS.map((signal) => `${signal}=${item[signal] ?? "-"}`).join(" ");

/**
 * Google Consent Mode of one site with a `consentMode` ground truth, per phase it lists (a label per phase,
 * so each phase has its own row): the consent commands (each as its position, command, signals, regions and
 * wait: order counts) and the distinct (host, state) pairs of Google hits, each scored as a set. A phase the truth lists but the scan did not
 * read has no observed commands, so its commands are misses.
 */
export function measureConsentMode(options: {
  consentMode: ConsentModeGroundTruth | undefined;
  observations: ScanObservations;
}): ScoredLabel[] {
  const { consentMode, observations } = options;
  if (consentMode === undefined) return [];
  const labels: ScoredLabel[] = [];
  for (const [phase, expected] of Object.entries(consentMode.commands) as Array<[ConsentModePhase, Command[]]>) {
    const observed = (observations.consentMode?.commands ?? []).filter((command) => command.phase === phase);
    const key = (command: Command, index: number) =>
      `#${index} ${command.command} ${signalsKey(command)} regions=${command.regions.join(",")} wait=${command.waitForUpdateMs ?? "-"}`;
    labels.push(scored(`consentModeCommands ${phase}`, { expected: expected.map(key), observed: observed.map(key) }));
  }
  for (const [phase, expected] of Object.entries(consentMode.hits) as Array<[ConsentModePhase, Hit[]]>) {
    const observed = observations.requests.flatMap((request) =>
      request.phase === phase && request.googleConsent !== undefined ? [{ host: request.host, ...request.googleConsent }] : [],
    );
    const key = (hit: Hit) => `${hit.host} ${signalsKey(hit)} consentMode=${hit.consentMode}`;
    labels.push(scored(`consentModeHits ${phase}`, { expected: expected.map(key), observed: observed.map(key) }));
  }
  return labels;
}

type ConsentModePhase = (typeof CONSENT_MODE_PHASES)[number];
type Command = Signals & { command: string; regions: readonly string[]; waitForUpdateMs: number | null };
type Hit = Signals & { host: string; consentMode: boolean };

/** One phase's items of one kind scored as a set, each error named by its label (the row it counts in). */
function scored(label: LabelKind, sets: { expected: string[]; observed: string[] }): ScoredLabel {
  const errors = [
    ...[...new Set(sets.observed)].filter((item) => !sets.expected.includes(item)).map((item) => `${label}: wrongly found ${item}`),
    ...sets.expected.filter((item) => !sets.observed.includes(item)).map((item) => `${label}: missed ${item}`),
  ];
  return { label, counts: countSet(sets), errors };
}
