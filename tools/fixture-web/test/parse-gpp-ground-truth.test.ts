import { describe, expect, it } from "vitest";
import { parseGroundTruth } from "../src/ground-truth.js";

const EMPTY = { cookies: [], storage: [], trackerVendors: [], trackerHosts: [] };
const NOT_RUN = { status: "not_run", reason: "no_banner", ...EMPTY };
const NOT_ATTEMPTED = { outcome: "not_attempted", method: null, verified: null, reason: "no_banner" };
/** A site without a banner: the first visit and the GPC visit complete. */
const PHASES = {
  consentActions: { reject: NOT_ATTEMPTED, accept: NOT_ATTEMPTED },
  afterReject: NOT_RUN,
  afterAccept: NOT_RUN,
  gpc: { status: "completed", reason: null, ...EMPTY },
};
const USNAT = {
  name: "usnat",
  saleOptOut: "did_not_opt_out",
  sharingOptOut: "did_not_opt_out",
  targetedAdvertisingOptOut: "did_not_opt_out",
  gpc: false,
};
const USCA = { name: "usca", saleOptOut: "did_not_opt_out", sharingOptOut: "did_not_opt_out", targetedAdvertisingOptOut: null, gpc: false };
const { targetedAdvertisingOptOut: _dropped, ...USCA_WITHOUT_TARGETED } = USCA;
const BEFORE = { signalStatus: "ready", sections: [USNAT, USCA], usp: { notice: "yes", optOutSale: "no", lspaCovered: "no" } };
const WITH_GPC = {
  signalStatus: "ready",
  sections: [{ ...USNAT, saleOptOut: "opted_out", sharingOptOut: "opted_out", targetedAdvertisingOptOut: "opted_out", gpc: true }],
  usp: { notice: "yes", optOutSale: "yes", lspaCovered: "no" },
};
const GPP = { phases: { pre_consent: BEFORE, gpc: WITH_GPC }, gpcAnswer: "honoured" };
const VALID = { preConsent: EMPTY, phases: PHASES, gpp: GPP };

/** GPP with the first visit's answer replaced. */
const withAnswer = (answer: unknown) => ({ ...GPP, phases: { ...GPP.phases, pre_consent: answer } });
/** GPP with the first visit's first section replaced. */
const withSection = (section: unknown) => withAnswer({ ...BEFORE, sections: [section] });

describe("parseGroundTruth: gpp", () => {
  it("accepts a gpp block, sections without a field or a GPC sub-section (null), no string, no US Privacy string, and a file without it", () => {
    expect(parseGroundTruth(VALID)).toEqual(VALID);
    const nulls = {
      ...VALID,
      gpp: withAnswer({ signalStatus: "not_ready", sections: [{ ...USCA, sharingOptOut: null, gpc: null }], usp: null }),
    };
    expect(parseGroundTruth(nulls)).toEqual(nulls);
    const noString = { ...VALID, gpp: withAnswer({ signalStatus: "other", sections: [], usp: null }) };
    expect(parseGroundTruth(noString)).toEqual(noString);
    expect(parseGroundTruth({ preConsent: EMPTY, phases: PHASES })).toEqual({ preConsent: EMPTY, phases: PHASES });
  });

  it("lists exactly the phases that complete, and answers not_observed without a GPC visit", () => {
    const completed = { status: "completed", reason: null, ...EMPTY };
    const allPhases = { ...PHASES, afterReject: completed, afterAccept: completed };
    expect(() => parseGroundTruth({ preConsent: EMPTY, phases: allPhases, gpp: GPP })).toThrow(/\$\.gpp\.phases: missing key after_reject/);
    const everyPhase = { ...GPP, phases: { ...GPP.phases, after_reject: BEFORE, after_accept: BEFORE } };
    expect(parseGroundTruth({ preConsent: EMPTY, phases: allPhases, gpp: everyPhase })).toEqual({
      preConsent: EMPTY,
      phases: allPhases,
      gpp: everyPhase,
    });
    expect(() => parseGroundTruth({ preConsent: EMPTY, phases: PHASES, gpp: everyPhase })).toThrow(
      "$.gpp.phases: after_reject, after_accept: a phase that does not complete by the phases ground truth is left out",
    );
    // Without `phases`, only the first visit is known to complete, and so there is no GPC answer.
    const firstOnly = { phases: { pre_consent: BEFORE }, gpcAnswer: "not_observed" };
    expect(parseGroundTruth({ preConsent: EMPTY, gpp: firstOnly })).toEqual({ preConsent: EMPTY, gpp: firstOnly });
    expect(() => parseGroundTruth({ preConsent: EMPTY, gpp: { ...firstOnly, gpcAnswer: "honoured" } })).toThrow(
      "$.gpp.gpcAnswer: expected not_observed, as the gpc phase does not complete",
    );
  });

  it.each([
    ["an unknown key", { ...GPP, gpcJson: true }, /\$\.gpp: unknown key gpcJson/],
    ["a missing GPC answer", { phases: GPP.phases }, /\$\.gpp: missing key gpcAnswer/],
    ["a GPC answer outside core's verdicts", { ...GPP, gpcAnswer: "yes" }, /\$\.gpp\.gpcAnswer: expected one of honoured, partly/],
    ["phases as a list", { ...GPP, phases: [BEFORE, WITH_GPC] }, /\$\.gpp\.phases: expected an object/],
    ["a missing phase", { ...GPP, phases: { pre_consent: BEFORE } }, /\$\.gpp\.phases: missing key gpc/],
    ["a phase as null", withAnswer(null), /\$\.gpp\.phases\.pre_consent: expected an object/],
    ["an unknown answer key", withAnswer({ ...BEFORE, gppString: "DBABrw" }), /pre_consent: unknown key gppString/],
    [
      "a signal status as the API spells it",
      withAnswer({ ...BEFORE, signalStatus: "not ready" }),
      /pre_consent\.signalStatus: expected one of ready, not_ready, other/,
    ],
    ["sections as an object", withAnswer({ ...BEFORE, sections: { usnat: USNAT } }), /pre_consent\.sections: expected an array/],
    ["a section twice", withAnswer({ ...BEFORE, sections: [USNAT, USNAT] }), /sections\[1\]\.name: usnat is listed twice/],
    ["a section name in capitals", withSection({ ...USNAT, name: "UsNat" }), /sections\[0\]\.name: expected a GPP section name/],
    ["a section id for a name", withSection({ ...USNAT, name: 7 }), /sections\[0\]\.name: expected a non-empty string/],
    ["a missing opt-out", withSection(USCA_WITHOUT_TARGETED), /missing key targetedAdvertisingOptOut/],
    [
      "an opt-out as its MSPA number",
      withSection({ ...USNAT, saleOptOut: 2 }),
      /sections\[0\]\.saleOptOut: expected one of not_applicable, opted_out, did_not_opt_out/,
    ],
    ["an opt-out as a flag", withSection({ ...USNAT, sharingOptOut: "yes" }), /sections\[0\]\.sharingOptOut: expected one of/],
    ["a GPC flag as text", withSection({ ...USNAT, gpc: "false" }), /sections\[0\]\.gpc: expected true or false/],
    ["a US Privacy string instead of its flags", withAnswer({ ...BEFORE, usp: "1YNN" }), /pre_consent\.usp: expected an object/],
    [
      "a US Privacy flag as its letter",
      withAnswer({ ...BEFORE, usp: { ...BEFORE.usp, notice: "Y" } }),
      /pre_consent\.usp\.notice: expected one of yes, no, not_applicable/,
    ],
    ["a US Privacy answer without LSPA", withAnswer({ ...BEFORE, usp: { notice: "yes", optOutSale: "no" } }), /missing key lspaCovered/],
  ])("rejects %s", (_label, gpp, message) => {
    expect(() => parseGroundTruth({ preConsent: EMPTY, phases: PHASES, gpp })).toThrow(message);
  });
});
