import { flag, list, record } from "./ground-truth-fields.js";
import { CONSENT_MODE_PHASES, phaseRecord, type ConsentModePhase } from "./parse-consent-mode-ground-truth.js";

/** The `eventStatus` of a CMP's TC data (TCF v2.2 CMP API): the UI is shown, a string was loaded, or the visitor answered. */
export type TcfEventStatus = "tcloaded" | "cmpuishown" | "useractioncomplete";

/**
 * What `__tcfapi('getTCData', 2, cb)` answers in the top frame at a phase's snapshot: its `eventStatus`,
 * and the core segment of its TC string decoded (the scanner's `TcfSummary`, with the purpose ids).
 */
export interface TcfAnswerGroundTruth {
  eventStatus: TcfEventStatus;
  cmpId: number;
  cmpVersion: number;
  /** 4 for TCF v2.2. */
  tcfPolicyVersion: number;
  isServiceSpecific: boolean;
  /** The purposes (1-24) with consent, ascending. */
  purposeConsentIds: number[];
  /** The purposes (1-24) claimed under legitimate interest, ascending. */
  purposeLegitimateInterestIds: number[];
  /** How many special features (of 12 bits) are opted in. */
  specialFeatureOptins: number;
  /** How many vendors have consent, and legitimate interest. */
  vendorConsents: number;
  vendorLegitimateInterests: number;
}

/**
 * The IAB TCF v2.2 answers of a site's CMP (`tcf` in ground-truth.json), per phase that completes (the
 * others are left out): null where the CMP has no TC string to give at that snapshot.
 */
export type TcfGroundTruth = Partial<Record<ConsentModePhase, TcfAnswerGroundTruth | null>>;

const EVENT_STATUSES: readonly string[] = ["tcloaded", "cmpuishown", "useractioncomplete"] satisfies TcfEventStatus[];
const KEYS = [
  "eventStatus",
  "cmpId",
  "cmpVersion",
  "tcfPolicyVersion",
  "isServiceSpecific",
  "purposeConsentIds",
  "purposeLegitimateInterestIds",
  "specialFeatureOptins",
  "vendorConsents",
  "vendorLegitimateInterests",
] as const;

/**
 * Checks the `tcf` key of a ground-truth file, strictly like the rest of it. `phases`: the phases the file
 * says complete (pre_consent always does); `tcf` must list exactly those. Every number must fit its field of
 * the TC string's core segment.
 */
export function parseTcfGroundTruth(value: unknown, phases: readonly ConsentModePhase[] = CONSENT_MODE_PHASES): TcfGroundTruth {
  const where = "$.tcf";
  const byPhase = phaseRecord(value, where, phases);
  const parsed: TcfGroundTruth = {};
  for (const phase of phases) parsed[phase] = byPhase[phase] === null ? null : parseAnswer(byPhase[phase], `${where}.${phase}`);
  return parsed;
}

function parseAnswer(value: unknown, where: string): TcfAnswerGroundTruth {
  const answer = record(value, where, KEYS);
  const status = answer.eventStatus;
  if (typeof status !== "string" || !EVENT_STATUSES.includes(status))
    throw new Error(`${where}.eventStatus: expected one of ${EVENT_STATUSES.join(", ")}`);
  return {
    eventStatus: status as TcfEventStatus,
    // Field widths of the core segment: CmpId and CmpVersion 12 bits, TcfPolicyVersion 6, vendor ids 16.
    cmpId: whole(answer.cmpId, `${where}.cmpId`, 4095),
    cmpVersion: whole(answer.cmpVersion, `${where}.cmpVersion`, 4095),
    tcfPolicyVersion: whole(answer.tcfPolicyVersion, `${where}.tcfPolicyVersion`, 63),
    isServiceSpecific: flag(answer.isServiceSpecific, `${where}.isServiceSpecific`),
    purposeConsentIds: purposeIds(answer.purposeConsentIds, `${where}.purposeConsentIds`),
    purposeLegitimateInterestIds: purposeIds(answer.purposeLegitimateInterestIds, `${where}.purposeLegitimateInterestIds`),
    specialFeatureOptins: whole(answer.specialFeatureOptins, `${where}.specialFeatureOptins`, 12),
    vendorConsents: whole(answer.vendorConsents, `${where}.vendorConsents`, 65535),
    vendorLegitimateInterests: whole(answer.vendorLegitimateInterests, `${where}.vendorLegitimateInterests`, 65535),
  };
}

function whole(value: unknown, where: string, max: number): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > max)
    throw new Error(`${where}: expected a whole number from 0 to ${max}`);
  return value;
}

/** Purpose ids as the scanner reports them: 1 to 24, each once, ascending. */
function purposeIds(value: unknown, where: string): number[] {
  const ids = list(value, where).map((id, index) => {
    if (typeof id !== "number" || !Number.isInteger(id) || id < 1 || id > 24)
      throw new Error(`${where}[${index}]: expected a purpose id from 1 to 24`);
    return id;
  });
  ids.forEach((id, index) => {
    if (index > 0 && id <= ids[index - 1]!) throw new Error(`${where}[${index}]: expected ascending ids, each once`);
  });
  return ids;
}
