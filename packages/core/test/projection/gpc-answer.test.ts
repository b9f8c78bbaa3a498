import { readRecordedObservations } from "@public-scan/recorded-scans";
import { describe, expect, it } from "vitest";
import type { GppAnswer, GppOptOut, GppSection, UspAnswer } from "../../src/observations/gpp-observation.js";
import { heuristicBannerConsent } from "../fixtures/heuristic-banner-consent.js";
import { ScanObservationsSchema, type ScanObservations } from "../../src/observations/scan-observations.js";
import { toGpcAnswer } from "../../src/projection/to-gpc-answer.js";
import { toScanReport } from "../../src/projection/to-scan-report.js";
import { gpcAnswerText } from "../../src/render/gpp-text.js";

/** A US national section: sale, sharing and targeted-advertising opt-outs in that order, then its GPC field. */
const usnat = (optOuts: [GppOptOut, GppOptOut, GppOptOut], gpc: boolean | null = null): GppSection => ({
  id: 7,
  name: "usnat",
  decoded: true,
  saleOptOut: optOuts[0],
  sharingOptOut: optOuts[1],
  targetedAdvertisingOptOut: optOuts[2],
  gpc,
  tcf: null,
});
const gpp = (...sections: GppSection[]): GppAnswer => ({ responded: true, signalStatus: "ready", gppString: "decoded", sections });
const usp = (optOutSale: UspAnswer["optOutSale"]): UspAnswer => ({
  responded: true,
  uspString: "decoded",
  notice: "yes",
  optOutSale,
  lspaCovered: "no",
});

/**
 * The courier with US privacy strings: the first visit's answers, the GPC visit's, the advertising vendors
 * the GPC pass saw and the gpc.json claim.
 */
function courier(options: {
  first: { gpp: GppAnswer | null; usp: UspAnswer | null };
  withGpc?: { gpp: GppAnswer | null; usp: UspAnswer | null };
  gpcStatus?: "completed" | "failed" | "not_run";
  advertising?: string[];
  gpcJson?: boolean | null;
}): ScanObservations {
  const recorded = ScanObservationsSchema.parse(readRecordedObservations("daily-courier"));
  const gpcStatus = options.gpcStatus ?? "completed";
  return ScanObservationsSchema.parse({
    ...recorded,
    consent: heuristicBannerConsent({ apis: { tcf: false, gpp: true, usp: true }, gpp: options.first.gpp, usp: options.first.usp }),
    phases: [
      { phase: "pre_consent", status: "completed", reason: null, observeMs: 500 },
      { phase: "after_reject", status: "not_run", reason: "disabled", observeMs: null },
      { phase: "after_accept", status: "not_run", reason: "disabled", observeMs: null },
      gpcStatus === "completed"
        ? { phase: "gpc", status: "completed", reason: null, observeMs: 500 }
        : { phase: "gpc", status: gpcStatus, reason: gpcStatus === "failed" ? "navigation_failed" : "disabled", observeMs: null },
    ],
    ...(options.withGpc === undefined ? {} : { gppPhases: [{ phase: "gpc", ...options.withGpc }] }),
    usPrivacy: {
      steps: { links: "ok", gpcJson: "ok" },
      reason: null,
      doNotSellOrShareLink: true,
      limitSensitiveLink: false,
      yourPrivacyChoicesLink: false,
      privacyChoicesIcon: false,
      noticeAtCollection: false,
      gpcJson:
        options.gpcJson === undefined || options.gpcJson === null
          ? { status: "not_found", gpc: null, lastUpdate: false }
          : { status: "found", gpc: options.gpcJson, lastUpdate: true },
      gpcPass:
        gpcStatus === "completed"
          ? { status: "completed", reason: null, advertisingVendors: options.advertising ?? [] }
          : { status: gpcStatus, reason: "disabled", advertisingVendors: null },
    },
  });
}
const GPC_IDS = ["gpc_not_reflected_in_privacy_strings", "gpc_support_claimed_not_honoured"];
const gpcIds = (observations: ScanObservations) =>
  toScanReport(observations)
    .findings.map((finding) => finding.id)
    .filter((id) => GPC_IDS.includes(id));

describe("the GPC answer", () => {
  it("is honoured when the strings flip to opted out under GPC and no advertising vendor is contacted", () => {
    const observations = courier({
      first: { gpp: gpp(usnat(["did_not_opt_out", "did_not_opt_out", "did_not_opt_out"])), usp: usp("no") },
      withGpc: { gpp: gpp(usnat(["opted_out", "opted_out", "opted_out"], true)), usp: usp("yes") },
      gpcJson: true,
    });
    const answer = toGpcAnswer(observations)!;
    expect(answer).toMatchObject({
      verdict: "honoured",
      stringsOptedOut: true,
      cmpSawGpc: true,
      advertisingVendorsWithGpc: [],
      gpcJsonClaims: true,
    });
    expect(answer.optOuts).toEqual([
      { section: "usnat", right: "sale", before: "did_not_opt_out", withGpc: "opted_out" },
      { section: "usnat", right: "sharing", before: "did_not_opt_out", withGpc: "opted_out" },
      { section: "usnat", right: "targeted_advertising", before: "did_not_opt_out", withGpc: "opted_out" },
      { section: "usp", right: "sale", before: "did_not_opt_out", withGpc: "opted_out" },
    ]);
    expect(gpcIds(observations)).toEqual([]);
    expect(gpcAnswerText(answer).verdict).toBe("Honoured");
  });

  it("is not honoured, with both findings, when the strings keep 'did not opt out' and advertising still fires despite a gpc.json claim", () => {
    const observations = courier({
      first: { gpp: gpp(usnat(["did_not_opt_out", "did_not_opt_out", "not_applicable"])), usp: null },
      withGpc: { gpp: gpp(usnat(["did_not_opt_out", "did_not_opt_out", "not_applicable"], false)), usp: usp("no") },
      advertising: ["AdNet"],
      gpcJson: true,
    });
    expect(toGpcAnswer(observations)).toMatchObject({ verdict: "not_honoured", stringsOptedOut: false, cmpSawGpc: false });
    expect(gpcIds(observations)).toEqual(["gpc_not_reflected_in_privacy_strings", "gpc_support_claimed_not_honoured"]);
    const finding = toScanReport(observations).findings.find((entry) => entry.id === "gpc_not_reflected_in_privacy_strings")!;
    expect(finding.examples.map((example) => [example.vendor, example.phase])).toEqual([
      ["GPP usnat", "gpc"],
      ["US Privacy string", "gpc"],
    ]);
  });

  it("is partly honoured when the strings opt out but advertising vendors are still contacted", () => {
    const observations = courier({
      first: { gpp: gpp(usnat(["did_not_opt_out", "did_not_opt_out", "did_not_opt_out"])), usp: null },
      withGpc: { gpp: gpp(usnat(["opted_out", "opted_out", "opted_out"], true)), usp: null },
      advertising: ["AdNet"],
    });
    expect(toGpcAnswer(observations)?.verdict).toBe("partly");
    // No gpc.json claim: the partial answer alone is no finding of its own (advertising_despite_gpc covers the requests).
    expect(gpcIds(observations)).toEqual([]);
  });

  it("counts only opt-outs that apply: a section marked not applicable under GPC is no evidence either way", () => {
    const observations = courier({
      first: { gpp: gpp(usnat(["not_applicable", "not_applicable", "not_applicable"])), usp: null },
      withGpc: { gpp: gpp(usnat(["not_applicable", "not_applicable", "not_applicable"])), usp: null },
    });
    expect(toGpcAnswer(observations)).toMatchObject({ verdict: "honoured", stringsOptedOut: null, optOuts: [] });
    expect(gpcIds(observations)).toEqual([]);
  });

  it("is not observed when the GPC visit failed, and absent when it did not run: never a clean result", () => {
    const first = { gpp: gpp(usnat(["did_not_opt_out", "did_not_opt_out", "did_not_opt_out"])), usp: null };
    const failed = courier({ first, gpcStatus: "failed", gpcJson: true });
    expect(toGpcAnswer(failed)).toMatchObject({ verdict: "not_observed", advertisingVendorsWithGpc: null });
    expect(gpcIds(failed)).toEqual([]);
    expect(toGpcAnswer(courier({ first, gpcStatus: "not_run" }))).toBeNull();
    expect(toScanReport(courier({ first, gpcStatus: "not_run" })).consent?.gpcAnswer).toBeUndefined();
  });

  it("shows each phase's decoded strings in the consent summary, never the strings", () => {
    const report = toScanReport(
      courier({
        first: { gpp: gpp(usnat(["did_not_opt_out", "did_not_opt_out", "did_not_opt_out"])), usp: usp("no") },
        withGpc: { gpp: gpp(usnat(["opted_out", "opted_out", "opted_out"], true)), usp: usp("yes") },
      }),
    );
    expect(
      report.consent?.gpp?.map((phase) => [phase.phase, phase.sections, phase.optOuts.length, phase.cmpSawGpc, phase.usp?.optOutSale]),
    ).toEqual([
      ["pre_consent", ["usnat"], 4, null, "no"],
      ["gpc", ["usnat"], 4, true, "yes"],
    ]);
  });
});
