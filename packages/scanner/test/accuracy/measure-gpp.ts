import { toGpcAnswer, type GppAnswer, type ScanObservations, type UspAnswer } from "@public-scan/core";
import type { GppAnswerGroundTruth, GppGroundTruth } from "@public-scan/fixture-web";
import { countSet } from "./count-labels.js";
import { GPP_PHASES, type LabelKind, type ScoredLabel } from "./scored-label.js";

type Phase = (typeof GPP_PHASES)[number];

/**
 * The IAB GPP and US Privacy answers of one site with a `gpp` ground truth, per phase it lists (a label per
 * phase): the signal status, each section's name and opt-outs and GPC flag, and the USP string's flags, each
 * an item of a set, so a wrong opt-out is one found wrongly and one missed. Then the GPC answer's verdict,
 * one item per site.
 */
export function measureGpp(options: { gpp: GppGroundTruth | undefined; observations: ScanObservations }): ScoredLabel[] {
  const { gpp, observations } = options;
  if (gpp === undefined) return [];
  const answers = new Map<string, { gpp: GppAnswer | null; usp: UspAnswer | null }>([
    ["pre_consent", { gpp: observations.consent?.gpp ?? null, usp: observations.consent?.usp ?? null }],
    ...(observations.gppPhases ?? []).map(({ phase, ...answer }): [string, { gpp: GppAnswer | null; usp: UspAnswer | null }] => [
      phase,
      answer,
    ]),
  ]);
  const labels = GPP_PHASES.flatMap((phase: Phase) => {
    const expected = gpp.phases[phase];
    return expected === undefined ? [] : [scored(`gpp ${phase}`, itemsOfTruth(expected), itemsOfAnswer(answers.get(phase)))];
  });
  const verdict = toGpcAnswer(observations)?.verdict ?? "absent";
  return [...labels, scored("gpcAnswer", [`verdict=${gpp.gpcAnswer}`], [`verdict=${verdict}`])];
}

function scored(label: LabelKind, expected: string[], observed: string[]): ScoredLabel {
  const errors = [
    ...observed.filter((item) => !expected.includes(item)).map((item) => `${label}: wrongly found ${item}`),
    ...expected.filter((item) => !observed.includes(item)).map((item) => `${label}: missed ${item}`),
  ];
  return { label, counts: countSet({ expected, observed }), errors };
}

function itemsOfTruth(truth: GppAnswerGroundTruth): string[] {
  return [
    `signalStatus=${truth.signalStatus}`,
    ...truth.sections.flatMap((section, index) => sectionItems(index, section)),
    ...(truth.usp === null ? [] : uspItems(truth.usp)),
  ];
}

function itemsOfAnswer(answer: { gpp: GppAnswer | null; usp: UspAnswer | null } | undefined): string[] {
  if (answer === undefined) return [];
  const { gpp, usp } = answer;
  return [
    ...(gpp === null || !gpp.responded ? [] : [`signalStatus=${gpp.signalStatus ?? "none"}`]),
    ...(gpp?.sections ?? []).flatMap((section, index) => (section.decoded ? sectionItems(index, section) : [`section${index}=undecoded`])),
    ...(usp?.uspString === "decoded" ? uspItems(usp) : []),
  ];
}

function sectionItems(
  index: number,
  section: {
    name: string | null;
    saleOptOut: string | null;
    sharingOptOut: string | null;
    targetedAdvertisingOptOut: string | null;
    gpc: boolean | null;
  },
): string[] {
  return [
    `section${index}=${section.name}`,
    `${section.name}.sale=${section.saleOptOut}`,
    `${section.name}.sharing=${section.sharingOptOut}`,
    `${section.name}.targetedAdvertising=${section.targetedAdvertisingOptOut}`,
    `${section.name}.gpc=${section.gpc}`,
  ];
}

const uspItems = (usp: { notice: string | null; optOutSale: string | null; lspaCovered: string | null }) => [
  `usp.notice=${usp.notice}`,
  `usp.optOutSale=${usp.optOutSale}`,
  `usp.lspaCovered=${usp.lspaCovered}`,
];
