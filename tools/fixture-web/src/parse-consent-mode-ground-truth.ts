import { flag, host, list, record } from "./ground-truth-fields.js";

/** The phases of a scan, in the scanner's terms (`EvidencePhase` in @public-scan/core). */
export type ConsentModePhase = "pre_consent" | "after_reject" | "after_accept" | "gpc";

/** A value a consent command gives a signal; null: the command does not set it. */
export type ConsentModeValue = "granted" | "denied";

/** A signal's state when a hit was sent, as its `gcd` letter says: `not_set` without a default or an update. */
export type ConsentModeHitState = "granted" | "denied" | "not_set";

/** One `gtag('consent', 'default' | 'update', {...})` command in the page's dataLayer. */
export interface ConsentModeCommandGroundTruth {
  command: "default" | "update";
  adStorage: ConsentModeValue | null;
  analyticsStorage: ConsentModeValue | null;
  adUserData: ConsentModeValue | null;
  adPersonalization: ConsentModeValue | null;
  /** The ISO 3166 codes a default is limited to (`region`); empty: everywhere. */
  regions: string[];
  /** `wait_for_update` in milliseconds; null when not given. */
  waitForUpdateMs: number | null;
}

/** One distinct (host, state) pair of Google measurement hits (GA4 `/g/collect`, Floodlight) sent in a phase. */
export interface ConsentModeHitGroundTruth {
  host: string;
  adStorage: ConsentModeHitState;
  analyticsStorage: ConsentModeHitState;
  adUserData: ConsentModeHitState;
  adPersonalization: ConsentModeHitState;
  /** The hit carried `gcs`, or a `gcd` with some signal set: exactly when one of the four is not `not_set`. */
  consentMode: boolean;
}

/**
 * Google Consent Mode v2 as a scan sees it (`consentMode` in ground-truth.json), per phase that completes
 * (the others are left out): the consent commands in the page's dataLayer at the phase's snapshot, in
 * order, and the distinct states its Google measurement hits carried.
 */
export interface ConsentModeGroundTruth {
  commands: Partial<Record<ConsentModePhase, ConsentModeCommandGroundTruth[]>>;
  hits: Partial<Record<ConsentModePhase, ConsentModeHitGroundTruth[]>>;
}

export const CONSENT_MODE_PHASES: readonly ConsentModePhase[] = ["pre_consent", "after_reject", "after_accept", "gpc"];
const SIGNALS = ["adStorage", "analyticsStorage", "adUserData", "adPersonalization"] as const;
const VALUES: readonly string[] = ["granted", "denied"] satisfies ConsentModeValue[];
const HIT_STATES: readonly string[] = ["granted", "denied", "not_set"] satisfies ConsentModeHitState[];

/**
 * Checks the `consentMode` key of a ground-truth file, strictly like the rest of it. `phases`: the phases
 * the file says complete (pre_consent always does); `commands` and `hits` must each list exactly those.
 */
export function parseConsentModeGroundTruth(
  value: unknown,
  phases: readonly ConsentModePhase[] = CONSENT_MODE_PHASES,
): ConsentModeGroundTruth {
  const where = "$.consentMode";
  const root = record(value, where, ["commands", "hits"]);
  return {
    commands: perPhase({ value: root.commands, where: `${where}.commands`, phases, parse: parseCommands }),
    hits: perPhase({ value: root.hits, where: `${where}.hits`, phases, parse: parseHits }),
  };
}

/**
 * An object keyed by exactly the phases that complete (`phases`): a phase missing, unknown or not completing
 * is an error. The one check of phase keys, shared by every per-phase block (`consentMode`, `tcf`, `gpp`).
 */
export function phaseRecord(value: unknown, where: string, phases: readonly ConsentModePhase[]): Record<string, unknown> {
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const notRun = Object.keys(value).filter(
      (key) => (CONSENT_MODE_PHASES as readonly string[]).includes(key) && !phases.includes(key as ConsentModePhase),
    );
    if (notRun.length > 0)
      throw new Error(`${where}: ${notRun.join(", ")}: a phase that does not complete by the phases ground truth is left out`);
  }
  return record(value, where, phases);
}

/** One list per phase that completes, each read by `parse`. */
function perPhase<T>(options: {
  value: unknown;
  where: string;
  phases: readonly ConsentModePhase[];
  parse: (items: unknown[], where: string) => T[];
}): Partial<Record<ConsentModePhase, T[]>> {
  const { value, where, phases, parse } = options;
  const byPhase = phaseRecord(value, where, phases);
  const parsed: Partial<Record<ConsentModePhase, T[]>> = {};
  for (const phase of phases) parsed[phase] = parse(list(byPhase[phase], `${where}.${phase}`), `${where}.${phase}`);
  return parsed;
}

function parseCommands(items: unknown[], where: string): ConsentModeCommandGroundTruth[] {
  return items.map((item, index) => {
    const at = `${where}[${index}]`;
    const command = record(item, at, ["command", ...SIGNALS, "regions", "waitForUpdateMs"]);
    if (command.command !== "default" && command.command !== "update") throw new Error(`${at}.command: expected default or update`);
    const regions = list(command.regions, `${at}.regions`).map((code, position) => {
      if (typeof code !== "string" || !/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/.test(code))
        throw new Error(`${at}.regions[${position}]: expected an ISO 3166 code such as "DE" or "US-CA"`);
      return code;
    });
    const wait = command.waitForUpdateMs;
    if (wait !== null && (typeof wait !== "number" || !Number.isInteger(wait) || wait < 0))
      throw new Error(`${at}.waitForUpdateMs: expected a whole number of milliseconds (0 or more) or null`);
    const signal = (key: (typeof SIGNALS)[number]): ConsentModeValue | null => {
      const given = command[key];
      if (given === null) return null;
      if (typeof given !== "string" || !VALUES.includes(given)) throw new Error(`${at}.${key}: expected "granted", "denied" or null`);
      return given as ConsentModeValue;
    };
    return {
      command: command.command,
      adStorage: signal("adStorage"),
      analyticsStorage: signal("analyticsStorage"),
      adUserData: signal("adUserData"),
      adPersonalization: signal("adPersonalization"),
      regions,
      waitForUpdateMs: wait,
    };
  });
}

function parseHits(items: unknown[], where: string): ConsentModeHitGroundTruth[] {
  const seen = new Set<string>();
  return items.map((item, index) => {
    const at = `${where}[${index}]`;
    const hit = record(item, at, ["host", ...SIGNALS, "consentMode"]);
    const state = (key: (typeof SIGNALS)[number]): ConsentModeHitState => {
      const given = hit[key];
      if (typeof given !== "string" || !HIT_STATES.includes(given))
        throw new Error(`${at}.${key}: expected "granted", "denied" or "not_set"`);
      return given as ConsentModeHitState;
    };
    const parsed: ConsentModeHitGroundTruth = {
      host: host(hit.host, `${at}.host`),
      adStorage: state("adStorage"),
      analyticsStorage: state("analyticsStorage"),
      adUserData: state("adUserData"),
      adPersonalization: state("adPersonalization"),
      consentMode: flag(hit.consentMode, `${at}.consentMode`),
    };
    const anySet = SIGNALS.some((key) => parsed[key] !== "not_set");
    if (parsed.consentMode !== anySet)
      throw new Error(`${at}.consentMode: expected ${anySet} (a hit is in consent mode exactly when one of its signals is set)`);
    const key = JSON.stringify(parsed);
    if (seen.has(key)) throw new Error(`${at}: the same host and state twice (hits are distinct pairs)`);
    seen.add(key);
    return parsed;
  });
}
