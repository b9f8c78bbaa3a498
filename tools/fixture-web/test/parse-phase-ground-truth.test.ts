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
const NEXT_PAGE = { status: "completed", reason: null, ...EMPTY, via: "link", bannerShown: false };
const NOT_RUN_NEXT_PAGE = { status: "not_run", reason: "no_banner", ...EMPTY, via: null, bannerShown: null };

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

describe("parseGroundTruth: next pages", () => {
  it("accepts either next page, both or neither", () => {
    const both = { ...PHASES, rejectNextPage: NEXT_PAGE, acceptNextPage: { ...NEXT_PAGE, via: "home", bannerShown: true } };
    expect(parseGroundTruth({ preConsent: EMPTY, phases: both })).toEqual({ preConsent: EMPTY, phases: both });
    const one = { ...PHASES, acceptNextPage: NOT_RUN_NEXT_PAGE };
    expect(parseGroundTruth({ preConsent: EMPTY, phases: one })).toEqual({ preConsent: EMPTY, phases: one });
    expect(parseGroundTruth(VALID).phases).not.toHaveProperty("rejectNextPage");
  });

  it.each([
    ["a way outside link and home", { ...NEXT_PAGE, via: "click" }, /via: expected one of link, home/],
    ["a completed next page without a way", { ...NEXT_PAGE, via: null }, /via: link or home exactly when/],
    ["a completed next page without the banner's answer", { ...NEXT_PAGE, bannerShown: null }, /bannerShown: true or false exactly when/],
    ["a banner answer that is no boolean", { ...NEXT_PAGE, bannerShown: "no" }, /bannerShown: expected true or false/],
    ["a next page that does not run but has a way", { ...NOT_RUN_NEXT_PAGE, via: "link" }, /via: link or home exactly when/],
    ["a next page that does not run but saw a banner", { ...NOT_RUN_NEXT_PAGE, bannerShown: false }, /bannerShown/],
    ["evidence of a next page that does not run", { ...NOT_RUN_NEXT_PAGE, trackerVendors: ["Google"] }, /no evidence/],
    ["a next page without via", { status: "completed", reason: null, ...EMPTY, bannerShown: false }, /missing key via/],
    ["a next page with a key of its own", { ...NEXT_PAGE, url: "https://a.test/next" }, /unknown key url/],
    [
      "a next page whose evidence is malformed",
      { ...NEXT_PAGE, cookies: [{ name: "a", domain: ".a.test" }] },
      /rejectNextPage\.cookies\[0\]/,
    ],
  ])("rejects %s", (_label, rejectNextPage, message) => {
    expect(() => parseGroundTruth({ preConsent: EMPTY, phases: { ...PHASES, rejectNextPage } })).toThrow(message);
  });

  it("rejects a misspelt next page", () => {
    expect(() => parseGroundTruth({ preConsent: EMPTY, phases: { ...PHASES, rejectNextpage: NEXT_PAGE } })).toThrow(
      /unknown key rejectNextpage/,
    );
  });
});
