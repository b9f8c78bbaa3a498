import { readRecordedObservations } from "@public-scan/recorded-scans";
import { describe, expect, it } from "vitest";
import type { TcfAnswer, TcfSummary } from "../../src/observations/consent-observation.js";
import { heuristicBannerConsent } from "../fixtures/heuristic-banner-consent.js";
import { ScanObservationsSchema, type ScanObservations } from "../../src/observations/scan-observations.js";
import { toScanReport } from "../../src/projection/to-scan-report.js";

const summary = (overrides: Partial<TcfSummary>): TcfSummary => ({
  cmpId: 300,
  cmpVersion: 1,
  tcfPolicyVersion: 4,
  isServiceSpecific: true,
  purposeConsents: 0,
  purposeLegitimateInterests: 0,
  specialFeatureOptins: 0,
  vendorConsents: 0,
  vendorLegitimateInterests: 0,
  purposeConsentIds: [],
  purposeLegitimateInterestIds: [],
  ...overrides,
});
const answer = (decoded: TcfSummary, eventStatus: TcfAnswer["eventStatus"] = "useractioncomplete"): TcfAnswer => ({
  responded: true,
  gdprApplies: true,
  eventStatus,
  tcString: "decoded",
  decoded,
});
const consents = (ids: number[], vendors: number) => ({ purposeConsentIds: ids, purposeConsents: ids.length, vendorConsents: vendors });
const interests = (ids: number[], vendors: number) => ({
  purposeLegitimateInterestIds: ids,
  purposeLegitimateInterests: ids.length,
  vendorLegitimateInterests: vendors,
});

/** The courier with a TCF banner: the first visit's answer, and the later phases' after a successful reject. */
function courier(options: { first: TcfSummary; afterReject?: TcfSummary; afterAccept?: TcfSummary }): ScanObservations {
  const recorded = ScanObservationsSchema.parse(readRecordedObservations("daily-courier"));
  return ScanObservationsSchema.parse({
    ...recorded,
    consent: heuristicBannerConsent({ apis: { tcf: true, gpp: false, usp: false }, tcf: answer(options.first, "cmpuishown") }),
    phases: [
      { phase: "pre_consent", status: "completed", reason: null, observeMs: 500 },
      { phase: "after_reject", status: "completed", reason: null, observeMs: 500 },
      { phase: "after_accept", status: "completed", reason: null, observeMs: 500 },
      { phase: "gpc", status: "not_run", reason: "disabled", observeMs: null },
    ],
    consentActions: {
      reject: { outcome: "succeeded", method: "heuristic", verified: null, reason: null },
      accept: { outcome: "succeeded", method: "heuristic", verified: null, reason: null },
    },
    tcfPhases: [
      ...(options.afterReject ? [{ phase: "after_reject", tcf: answer(options.afterReject) }] : []),
      ...(options.afterAccept ? [{ phase: "after_accept", tcf: answer(options.afterAccept) }] : []),
    ],
  });
}
const ids = (observations: ScanObservations) => toScanReport(observations).findings.map((finding) => finding.id);
const TCF_IDS = ["tcf_consent_before_choice", "tcf_consent_after_reject", "tcf_legitimate_interest_not_allowed"];
const tcfIds = (observations: ScanObservations) => ids(observations).filter((id) => TCF_IDS.includes(id));

describe("IAB TCF findings", () => {
  it("finds nothing for a platform that grants nothing before a choice and only allowed interests after reject", () => {
    const good = courier({
      first: summary({}),
      afterReject: summary(interests([2, 7, 8, 9, 10, 11], 3)),
      afterAccept: summary({ ...consents([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 12), specialFeatureOptins: 1 }),
    });
    expect(tcfIds(good)).toEqual([]);
  });

  it("finds consent claimed before any choice, consent kept after reject, and interests TCF 2.2 forbids", () => {
    const bad = courier({
      first: summary(consents([1, 2, 3, 4], 8)),
      afterReject: summary({ ...consents([], 2), ...interests([2, 3, 4, 7], 6) }),
    });
    expect(tcfIds(bad)).toEqual(["tcf_consent_after_reject", "tcf_consent_before_choice", "tcf_legitimate_interest_not_allowed"]);
    const report = toScanReport(bad);
    const interest = report.findings.find((finding) => finding.id === "tcf_legitimate_interest_not_allowed")!;
    expect(interest.examples).toEqual([
      {
        kind: "consent_signal",
        name: "tcf_legitimate_interest_not_allowed",
        host: "www.daily-courier.test",
        vendor: "TCF CMP 300",
        purpose: null,
        party: "first_party",
        phase: "after_reject",
      },
    ]);
    expect(report.consent!.tcf!.map((phase) => [phase.phase, phase.eventStatus, phase.disallowedLegitimateInterestIds])).toEqual([
      ["pre_consent", "cmpuishown", []],
      ["after_reject", "useractioncomplete", [3, 4]],
    ]);
  });

  it("reads legitimate interest for purposes 1 and 3-6 as allowed under policies before TCF 2.2", () => {
    expect(tcfIds(courier({ first: summary({ tcfPolicyVersion: 2, ...interests([3, 4], 2) }) }))).toEqual([]);
  });

  it("has no TCF section or finding for older observations, whose summaries lack the purpose ids", () => {
    const { purposeConsentIds: _ids, purposeLegitimateInterestIds: _li, ...older } = summary(interests([3], 1));
    expect(tcfIds(courier({ first: older }))).toEqual([]);
  });
});
