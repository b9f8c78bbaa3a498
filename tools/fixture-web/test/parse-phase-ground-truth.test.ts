import { describe, expect, it } from "vitest";
import { parseGroundTruth } from "../src/ground-truth.js";

const EMPTY = { cookies: [], storage: [], trackerVendors: [], trackerHosts: [] };
const NOT_ATTEMPTED = { outcome: "not_attempted", method: null, verified: null, reason: "no_banner" };
const PHASES = {
  consentActions: { reject: NOT_ATTEMPTED, accept: NOT_ATTEMPTED },
  afterReject: { status: "not_run", reason: "no_banner", ...EMPTY },
  afterAccept: { status: "not_run", reason: "no_banner", ...EMPTY },
  gpc: { status: "completed", reason: null, ...EMPTY, trackerVendors: ["Google"], trackerHosts: ["region1.google-analytics.com"] },
};
const VALID = { preConsent: EMPTY, phases: PHASES };

describe("parseGroundTruth: phases", () => {
  it("accepts the phases key and keeps files without it working", () => {
    expect(parseGroundTruth(VALID)).toEqual(VALID);
    expect(parseGroundTruth({ preConsent: EMPTY })).toEqual({ preConsent: EMPTY });
  });

  it.each([
    ["an unknown phase", { ...PHASES, afterSave: {} }, /unknown key afterSave/],
    [
      "a missing phase",
      { consentActions: PHASES.consentActions, afterReject: PHASES.afterReject, gpc: PHASES.gpc },
      /missing key afterAccept/,
    ],
    [
      "an outcome outside the schema",
      { ...PHASES, consentActions: { ...PHASES.consentActions, reject: { ...NOT_ATTEMPTED, outcome: "skipped" } } },
      /outcome/,
    ],
    ["a reason that is no code", { ...PHASES, afterReject: { ...PHASES.afterReject, reason: "No banner" } }, /reason code/],
    ["a completed phase with a reason", { ...PHASES, gpc: { ...PHASES.gpc, reason: "disabled" } }, /exactly when/],
    [
      "evidence of a phase that does not run",
      { ...PHASES, afterReject: { ...PHASES.afterReject, trackerHosts: ["www.facebook.com"] } },
      /no evidence/,
    ],
  ])("rejects %s", (_label, phases, message) => {
    expect(() => parseGroundTruth({ preConsent: EMPTY, phases })).toThrow(message);
  });
});
