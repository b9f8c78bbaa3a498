import { describe, expect, it } from "vitest";
import { parseGroundTruth } from "../src/ground-truth.js";

const EMPTY = { cookies: [], storage: [], trackerVendors: [], trackerHosts: [] };
const COMPLETED = { status: "completed", reason: null, ...EMPTY };
const SUCCEEDED = { outcome: "succeeded", method: "autoconsent", verified: null, reason: null };
const PHASES = {
  consentActions: { reject: SUCCEEDED, accept: SUCCEEDED },
  afterReject: COMPLETED,
  afterAccept: COMPLETED,
  gpc: COMPLETED,
};
const NO_CHOICE = {
  eventStatus: "cmpuishown",
  cmpId: 300,
  cmpVersion: 1,
  tcfPolicyVersion: 4,
  isServiceSpecific: true,
  purposeConsentIds: [],
  purposeLegitimateInterestIds: [],
  specialFeatureOptins: 0,
  vendorConsents: 0,
  vendorLegitimateInterests: 0,
};
const REJECTED = {
  ...NO_CHOICE,
  eventStatus: "useractioncomplete",
  purposeLegitimateInterestIds: [2, 7, 8, 9, 10, 11],
  vendorLegitimateInterests: 4,
};
const ACCEPTED = {
  ...REJECTED,
  purposeConsentIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
  specialFeatureOptins: 1,
  vendorConsents: 12,
};
const TCF = { pre_consent: NO_CHOICE, after_reject: REJECTED, after_accept: ACCEPTED, gpc: NO_CHOICE };
const VALID = { preConsent: EMPTY, phases: PHASES, tcf: TCF };

/** TCF with the first visit's answer replaced. */
const withAnswer = (answer: unknown) => ({ ...TCF, pre_consent: answer });

describe("parseGroundTruth: tcf", () => {
  it("accepts a tcf block, a phase without a TC string (null), and a file without it", () => {
    expect(parseGroundTruth(VALID)).toEqual(VALID);
    const noString = { preConsent: EMPTY, phases: PHASES, tcf: { ...TCF, pre_consent: null, gpc: null } };
    expect(parseGroundTruth(noString)).toEqual(noString);
    expect(parseGroundTruth({ preConsent: EMPTY, phases: PHASES })).toEqual({ preConsent: EMPTY, phases: PHASES });
  });

  it("lists exactly the phases that complete: a phase that does not run is left out", () => {
    const notRun = { status: "not_run", reason: "no_banner", ...EMPTY };
    const phases = { ...PHASES, afterReject: notRun, afterAccept: notRun };
    const tcf = { pre_consent: NO_CHOICE, gpc: NO_CHOICE };
    expect(parseGroundTruth({ preConsent: EMPTY, phases, tcf })).toEqual({ preConsent: EMPTY, phases, tcf });
    expect(() => parseGroundTruth({ preConsent: EMPTY, phases, tcf: TCF })).toThrow(
      "$.tcf: after_reject, after_accept: a phase that does not complete by the phases ground truth is left out",
    );
    // Without `phases`, only the first visit is known to complete.
    expect(parseGroundTruth({ preConsent: EMPTY, tcf: { pre_consent: NO_CHOICE } })).toEqual({
      preConsent: EMPTY,
      tcf: { pre_consent: NO_CHOICE },
    });
    expect(() => parseGroundTruth({ preConsent: EMPTY, tcf: TCF })).toThrow(
      /after_reject, after_accept, gpc: a phase that does not complete/,
    );
  });

  it.each([
    ["an unknown phase key", { ...TCF, afterAccept: ACCEPTED }, /\$\.tcf: unknown key afterAccept/],
    ["a missing phase", { pre_consent: NO_CHOICE, after_reject: REJECTED, after_accept: ACCEPTED }, /\$\.tcf: missing key gpc/],
    ["a phase as an empty object", withAnswer({}), /\$\.tcf\.pre_consent: missing key eventStatus/],
    ["a phase as false", withAnswer(false), /\$\.tcf\.pre_consent: expected an object/],
    ["an unknown answer key", withAnswer({ ...NO_CHOICE, tcString: "CP" }), /\$\.tcf\.pre_consent: unknown key tcString/],
    [
      "an event status outside the API",
      withAnswer({ ...NO_CHOICE, eventStatus: "other" }),
      /\$\.tcf\.pre_consent\.eventStatus: expected one of tcloaded, cmpuishown, useractioncomplete/,
    ],
    [
      "a CMP id given as text",
      withAnswer({ ...NO_CHOICE, cmpId: "300" }),
      /\$\.tcf\.pre_consent\.cmpId: expected a whole number from 0 to 4095/,
    ],
    ["a CMP id over 12 bits", withAnswer({ ...NO_CHOICE, cmpId: 4096 }), /cmpId: expected a whole number from 0 to 4095/],
    ["a fractional CMP version", withAnswer({ ...NO_CHOICE, cmpVersion: 1.5 }), /cmpVersion: expected a whole number/],
    [
      "a policy version over 6 bits",
      withAnswer({ ...NO_CHOICE, tcfPolicyVersion: 64 }),
      /tcfPolicyVersion: expected a whole number from 0 to 63/,
    ],
    ["isServiceSpecific as a number", withAnswer({ ...NO_CHOICE, isServiceSpecific: 1 }), /isServiceSpecific: expected true or false/],
    [
      "a purpose id of 0",
      withAnswer({ ...NO_CHOICE, purposeConsentIds: [0, 1] }),
      /\$\.tcf\.pre_consent\.purposeConsentIds\[0\]: expected a purpose id from 1 to 24/,
    ],
    [
      "a purpose id over 24",
      withAnswer({ ...NO_CHOICE, purposeLegitimateInterestIds: [25] }),
      /purposeLegitimateInterestIds\[0\]: expected a purpose id/,
    ],
    ["a purpose id as text", withAnswer({ ...NO_CHOICE, purposeConsentIds: ["1"] }), /purposeConsentIds\[0\]: expected a purpose id/],
    [
      "purpose ids out of order",
      withAnswer({ ...NO_CHOICE, purposeConsentIds: [2, 1] }),
      /purposeConsentIds\[1\]: expected ascending ids, each once/,
    ],
    ["a purpose id twice", withAnswer({ ...NO_CHOICE, purposeConsentIds: [1, 1] }), /purposeConsentIds\[1\]: expected ascending ids/],
    ["purpose ids as a count", withAnswer({ ...NO_CHOICE, purposeConsentIds: 3 }), /purposeConsentIds: expected an array/],
    [
      "more special features than 12 bits",
      withAnswer({ ...NO_CHOICE, specialFeatureOptins: 13 }),
      /specialFeatureOptins: expected a whole number from 0 to 12/,
    ],
    [
      "a negative vendor count",
      withAnswer({ ...NO_CHOICE, vendorConsents: -1 }),
      /vendorConsents: expected a whole number from 0 to 65535/,
    ],
    [
      "a vendor list instead of a count",
      withAnswer({ ...NO_CHOICE, vendorLegitimateInterests: [4, 11] }),
      /vendorLegitimateInterests: expected a whole number/,
    ],
  ])("rejects %s", (_label, tcf, message) => {
    expect(() => parseGroundTruth({ preConsent: EMPTY, phases: PHASES, tcf })).toThrow(message);
  });
});
