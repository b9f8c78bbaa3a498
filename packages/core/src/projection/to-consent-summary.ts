import type { BannerDesign } from "../observations/banner-design-observation.js";
import type { ChoiceToggles } from "../observations/choice-toggles-observation.js";
import type { ScanObservations } from "../observations/scan-observations.js";
import { toConsentModeSummary, type ConsentModeSummary } from "./to-consent-mode-summary.js";
import { toGpcAnswer, type GpcAnswer } from "./to-gpc-answer.js";
import { toGpcComparison, type GpcComparison } from "./to-gpc-comparison.js";
import { toGppSummary, type GppPhaseSummary } from "./to-gpp-summary.js";
import { toTcfSummary, type TcfPhaseSummary } from "./to-tcf-summary.js";

/** The consent banner and what its options did, as the report page shows it: codes and the CMP's name only. */
export interface ConsentSummary {
  /** The CMP as autoconsent names it, `heuristic` for a banner found by its buttons, or null. */
  cmp: string | null;
  /** The first layer's classification, or the detection's status when it did not complete. */
  classification: string;
  reject: { outcome: string; reason: string | null } | null;
  accept: { outcome: string; reason: string | null } | null;
  /** Which pre-consent trackers stopped under Global Privacy Control; absent when the GPC visit did not complete. */
  gpc?: GpcComparison;
  /** Google Consent Mode in each phase and both readings of its cookieless pings; absent when the scan saw none. */
  consentMode?: ConsentModeSummary;
  /** Each phase's decoded IAB TCF TC string; absent when the scan decoded none. */
  tcf?: TcfPhaseSummary[];
  /** Each phase's IAB GPP and US Privacy strings, decoded; absent when neither API answered. */
  gpp?: GppPhaseSummary[];
  /** Whether the site honoured Global Privacy Control, with its evidence; absent when the scan ran no GPC visit. */
  gpcAnswer?: GpcAnswer;
  /** The first layer as measured: placement, coverage, page lock, and how accept and reject look; absent without one. */
  bannerDesign?: BannerDesign;
  /** The choice toggles a rejecting visitor was shown, and how many were switched on before any choice; absent when none were seen. */
  choiceToggles?: ChoiceToggles;
}

export function toConsentSummary(observations: ScanObservations): ConsentSummary | null {
  const consent = observations.consent;
  if (consent === undefined) return null;
  const detected = consent.status === "ok" || consent.status === "not_detected";
  const action = (value: { outcome: string; reason: string | null } | undefined) =>
    value === undefined ? null : { outcome: value.outcome, reason: value.reason };
  const gpc = toGpcComparison(observations);
  const consentMode = toConsentModeSummary(observations);
  const tcf = toTcfSummary(observations);
  const gpp = toGppSummary(observations);
  const gpcAnswer = toGpcAnswer(observations);
  return {
    cmp: consent.cmp,
    classification: detected ? consent.classification : `detection_${consent.status}`,
    reject: action(observations.consentActions?.reject),
    accept: action(observations.consentActions?.accept),
    ...(gpc === null ? {} : { gpc }),
    ...(consentMode === null ? {} : { consentMode }),
    ...(tcf === null ? {} : { tcf }),
    ...(gpp === null ? {} : { gpp }),
    ...(gpcAnswer === null ? {} : { gpcAnswer }),
    ...(consent.bannerDesign === null || consent.bannerDesign === undefined ? {} : { bannerDesign: consent.bannerDesign }),
    ...(consent.choiceToggles === null || consent.choiceToggles === undefined ? {} : { choiceToggles: consent.choiceToggles }),
  };
}
