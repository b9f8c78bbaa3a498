import type { ScanObservations, TcfAnswer } from "@public-scan/core";
import type { TcfAnswerGroundTruth, TcfGroundTruth } from "@public-scan/fixture-web";
import { countSet } from "./count-labels.js";
import type { CONSENT_MODE_PHASES, LabelKind, ScoredLabel } from "./scored-label.js";

type Phase = (typeof CONSENT_MODE_PHASES)[number];

/**
 * The IAB TCF answers of one site with a `tcf` ground truth, per phase it lists (a label per phase): each
 * field of the decoded answer (event status, CMP, policy, each purpose id by consent and by legitimate
 * interest, special features, vendor counts) an item of a set, so a wrong purpose is one found wrongly and
 * one missed. A phase whose truth is null expects no decoded string.
 */
export function measureTcf(options: { tcf: TcfGroundTruth | undefined; observations: ScanObservations }): ScoredLabel[] {
  const { tcf, observations } = options;
  if (tcf === undefined) return [];
  const answers = new Map<string, TcfAnswer | null | undefined>([
    ["pre_consent", observations.consent?.tcf],
    ...(observations.tcfPhases ?? []).map(({ phase, tcf: answer }): [string, TcfAnswer] => [phase, answer]),
  ]);
  return (Object.entries(tcf) as Array<[Phase, TcfAnswerGroundTruth | null]>).map(([phase, expected]) => {
    const answer = answers.get(phase);
    const observed =
      answer?.decoded === null || answer?.decoded === undefined ? null : { eventStatus: answer.eventStatus, ...answer.decoded };
    const expectedItems = expected === null ? [] : itemsOf(expected);
    const observedItems = observed === null ? [] : itemsOf({ ...observed, eventStatus: observed.eventStatus ?? "none" });
    const label: LabelKind = `tcf ${phase}`;
    const errors = [
      ...observedItems.filter((item) => !expectedItems.includes(item)).map((item) => `${label}: wrongly found ${item}`),
      ...expectedItems.filter((item) => !observedItems.includes(item)).map((item) => `${label}: missed ${item}`),
    ];
    return { label, counts: countSet({ expected: expectedItems, observed: observedItems }), errors };
  });
}

function itemsOf(answer: {
  eventStatus: string;
  cmpId: number;
  cmpVersion: number;
  tcfPolicyVersion: number;
  isServiceSpecific: boolean;
  purposeConsentIds?: number[] | undefined;
  purposeLegitimateInterestIds?: number[] | undefined;
  specialFeatureOptins: number;
  vendorConsents: number;
  vendorLegitimateInterests: number;
}): string[] {
  return [
    `eventStatus=${answer.eventStatus}`,
    `cmp=${answer.cmpId}/${answer.cmpVersion}`,
    `policy=${answer.tcfPolicyVersion}`,
    `serviceSpecific=${answer.isServiceSpecific}`,
    ...(answer.purposeConsentIds ?? []).map((id) => `purposeConsent=${id}`),
    ...(answer.purposeLegitimateInterestIds ?? []).map((id) => `purposeLegitimateInterest=${id}`),
    `specialFeatureOptins=${answer.specialFeatureOptins}`,
    `vendorConsents=${answer.vendorConsents}`,
    `vendorLegitimateInterests=${answer.vendorLegitimateInterests}`,
  ];
}
