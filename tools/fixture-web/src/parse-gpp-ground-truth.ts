import { flag, list, record, text } from "./ground-truth-fields.js";
import { CONSENT_MODE_PHASES, phaseRecord, type ConsentModePhase } from "./parse-consent-mode-ground-truth.js";

/**
 * One opt-out field of a GPP US section, in the scanner's terms (`GppOptOut` in @public-scan/core): the
 * MSPA values 0 (`not_applicable`), 1 (`opted_out`) and 2 (`did_not_opt_out`).
 */
export type GppOptOutGroundTruth = "not_applicable" | "opted_out" | "did_not_opt_out";

/** One flag of a US Privacy string (`1YNN`): `Y`, `N` or `-`. */
export type UspFlagGroundTruth = "yes" | "no" | "not_applicable";

/** Core's GPC answer (`GpcAnswer.verdict`): whether the site honoured Global Privacy Control. */
export type GpcVerdictGroundTruth = "honoured" | "partly" | "not_honoured" | "not_observed";

/** One section of the GPP string, decoded as the scanner decodes it (`GppSection` in @public-scan/core). */
export interface GppSectionGroundTruth {
  /** The IAB library's section name: `usnat`, `usca`, … */
  name: string;
  /** Null where the section has no such field (California has no targeted-advertising opt-out). */
  saleOptOut: GppOptOutGroundTruth | null;
  sharingOptOut: GppOptOutGroundTruth | null;
  targetedAdvertisingOptOut: GppOptOutGroundTruth | null;
  /** The section's GPC sub-section's `Gpc` flag; null when the string carries no GPC sub-section. */
  gpc: boolean | null;
}

/** What `__uspapi('getUSPData', 1, cb)` answered, its US Privacy string decoded. */
export interface UspAnswerGroundTruth {
  notice: UspFlagGroundTruth;
  optOutSale: UspFlagGroundTruth;
  lspaCovered: UspFlagGroundTruth;
}

/** What the page's privacy-string APIs answer in the top frame at a phase's snapshot. */
export interface GppAnswerGroundTruth {
  /** `__gpp('ping')`'s `signalStatus`, in the scanner's terms (`not ready` is `not_ready`). */
  signalStatus: "ready" | "not_ready" | "other";
  /** The GPP string's sections in the string's order (its header lists them by id, ascending); empty: no string. */
  sections: GppSectionGroundTruth[];
  /** Null: the page has no `__uspapi`, or it gives no string. */
  usp: UspAnswerGroundTruth | null;
}

/**
 * The IAB GPP and US Privacy answers of a site's CMP (`gpp` in ground-truth.json): per phase that completes
 * (the others are left out), and core's answer to "does the site honour Global Privacy Control", from those
 * strings, the advertising vendors contacted under GPC and the site's gpc.json.
 */
export interface GppGroundTruth {
  phases: Partial<Record<ConsentModePhase, GppAnswerGroundTruth>>;
  gpcAnswer: GpcVerdictGroundTruth;
}

const SIGNAL_STATUSES: readonly string[] = ["ready", "not_ready", "other"] satisfies GppAnswerGroundTruth["signalStatus"][];
const OPT_OUTS: readonly string[] = ["not_applicable", "opted_out", "did_not_opt_out"] satisfies GppOptOutGroundTruth[];
const USP_FLAGS: readonly string[] = ["yes", "no", "not_applicable"] satisfies UspFlagGroundTruth[];
const VERDICTS: readonly string[] = ["honoured", "partly", "not_honoured", "not_observed"] satisfies GpcVerdictGroundTruth[];
/** Section names as core accepts them (`SectionNameSchema`). */
const SECTION_NAME = /^[a-z][a-z0-9]{1,15}$/;

/**
 * Checks the `gpp` key of a ground-truth file, strictly like the rest of it. `phases`: the phases the file
 * says complete (pre_consent always does); `gpp.phases` must list exactly those, and without a GPC visit
 * that completes there is no GPC answer but `not_observed`.
 */
export function parseGppGroundTruth(value: unknown, phases: readonly ConsentModePhase[] = CONSENT_MODE_PHASES): GppGroundTruth {
  const where = "$.gpp";
  const root = record(value, where, ["phases", "gpcAnswer"]);
  const byPhase = phaseRecord(root.phases, `${where}.phases`, phases);
  const parsed: GppGroundTruth["phases"] = {};
  for (const phase of phases) parsed[phase] = parseAnswer(byPhase[phase], `${where}.phases.${phase}`);
  const gpcAnswer = oneOf(root.gpcAnswer, `${where}.gpcAnswer`, VERDICTS) as GpcVerdictGroundTruth;
  if (!phases.includes("gpc") && gpcAnswer !== "not_observed")
    throw new Error(`${where}.gpcAnswer: expected not_observed, as the gpc phase does not complete`);
  return { phases: parsed, gpcAnswer };
}

function parseAnswer(value: unknown, where: string): GppAnswerGroundTruth {
  const answer = record(value, where, ["signalStatus", "sections", "usp"]);
  const sections = list(answer.sections, `${where}.sections`).map((section, index) => parseSection(section, `${where}.sections[${index}]`));
  sections.forEach((section, index) => {
    if (sections.findIndex((other) => other.name === section.name) !== index)
      throw new Error(`${where}.sections[${index}].name: ${section.name} is listed twice`);
  });
  return {
    signalStatus: oneOf(answer.signalStatus, `${where}.signalStatus`, SIGNAL_STATUSES) as GppAnswerGroundTruth["signalStatus"],
    sections,
    usp: answer.usp === null ? null : parseUsp(answer.usp, `${where}.usp`),
  };
}

function parseSection(value: unknown, where: string): GppSectionGroundTruth {
  const section = record(value, where, ["name", "saleOptOut", "sharingOptOut", "targetedAdvertisingOptOut", "gpc"]);
  const name = text(section.name, `${where}.name`);
  if (!SECTION_NAME.test(name)) throw new Error(`${where}.name: expected a GPP section name such as usnat, got ${JSON.stringify(name)}`);
  const optOut = (key: "saleOptOut" | "sharingOptOut" | "targetedAdvertisingOptOut") =>
    section[key] === null ? null : (oneOf(section[key], `${where}.${key}`, OPT_OUTS) as GppOptOutGroundTruth);
  return {
    name,
    saleOptOut: optOut("saleOptOut"),
    sharingOptOut: optOut("sharingOptOut"),
    targetedAdvertisingOptOut: optOut("targetedAdvertisingOptOut"),
    gpc: section.gpc === null ? null : flag(section.gpc, `${where}.gpc`),
  };
}

function parseUsp(value: unknown, where: string): UspAnswerGroundTruth {
  const usp = record(value, where, ["notice", "optOutSale", "lspaCovered"]);
  return {
    notice: oneOf(usp.notice, `${where}.notice`, USP_FLAGS) as UspFlagGroundTruth,
    optOutSale: oneOf(usp.optOutSale, `${where}.optOutSale`, USP_FLAGS) as UspFlagGroundTruth,
    lspaCovered: oneOf(usp.lspaCovered, `${where}.lspaCovered`, USP_FLAGS) as UspFlagGroundTruth,
  };
}

function oneOf(value: unknown, where: string, allowed: readonly string[]): string {
  if (typeof value !== "string" || !allowed.includes(value)) throw new Error(`${where}: expected one of ${allowed.join(", ")}`);
  return value;
}
