import type { ScanObservations } from "@public-scan/core";
import type { ConsentModeGroundTruth } from "@public-scan/fixture-web";
import { emptyCounts, addCounts } from "../support/precision-recall.js";
import { countSet } from "./count-labels.js";
import type { ScoredLabel } from "./scored-label.js";

const SIGNALS = ["adStorage", "analyticsStorage", "adUserData", "adPersonalization"] as const;
type Signals = Record<(typeof SIGNALS)[number], string | null>;
const signalsKey = (item: Signals) => SIGNALS.map((signal) => `${signal}=${item[signal] ?? "-"}`).join(" ");

/**
 * Google Consent Mode of one site with a `consentMode` ground truth, per phase it lists: the consent
 * commands (each as its position, command, signals, regions and wait: order counts) and the distinct
 * (host, state) pairs of Google hits, each scored as a set. A phase the truth lists but the scan did not
 * read has no observed commands, so its commands are misses.
 */
export function measureConsentMode(options: {
  consentMode: ConsentModeGroundTruth | undefined;
  observations: ScanObservations;
}): ScoredLabel[] {
  const { consentMode, observations } = options;
  if (consentMode === undefined) return [];
  const commands = { label: "consentModeCommands" as const, counts: emptyCounts(), errors: [] as string[] };
  for (const [phase, expected] of Object.entries(consentMode.commands)) {
    const observed = (observations.consentMode?.commands ?? []).filter((command) => command.phase === phase);
    const key = (command: Signals & { command: string; regions: readonly string[]; waitForUpdateMs: number | null }, index: number) =>
      `${phase} #${index} ${command.command} ${signalsKey(command)} regions=${command.regions.join(",")} wait=${command.waitForUpdateMs ?? "-"}`;
    score(commands, { expected: expected.map(key), observed: observed.map(key) });
  }
  const hits = { label: "consentModeHits" as const, counts: emptyCounts(), errors: [] as string[] };
  for (const [phase, expected] of Object.entries(consentMode.hits)) {
    const observed = observations.requests.flatMap((request) =>
      request.phase === phase && request.googleConsent !== undefined ? [{ host: request.host, ...request.googleConsent }] : [],
    );
    const key = (hit: Signals & { host: string; consentMode: boolean }) =>
      `${phase} ${hit.host} ${signalsKey(hit)} consentMode=${hit.consentMode}`;
    score(hits, { expected: expected.map(key), observed: observed.map(key) });
  }
  return [commands, hits];
}

function score(label: ScoredLabel, sets: { expected: string[]; observed: string[] }) {
  addCounts(label.counts, countSet(sets));
  for (const item of new Set(sets.observed)) if (!sets.expected.includes(item)) label.errors.push(`${label.label}: wrongly found ${item}`);
  for (const item of sets.expected) if (!sets.observed.includes(item)) label.errors.push(`${label.label}: missed ${item}`);
}
