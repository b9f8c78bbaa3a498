import { GVL, TCModel, TCString } from "@iabtechlabtcf/core";
import { describe, expect, it } from "vitest";
import { summarizeTcString } from "../../src/consent/summarize-tc-string.js";

/** A GVL with just the purposes and vendors the test string names; encoding needs one, decoding does not. */
function testGvl(): GVL {
  const vendor = (id: number) => ({
    id,
    name: `Vendor ${id}`,
    purposes: [1, 2],
    legIntPurposes: [7],
    flexiblePurposes: [],
    specialPurposes: [],
    features: [],
    specialFeatures: [],
    cookieMaxAgeSeconds: 0,
    usesCookies: true,
    cookieRefresh: false,
    usesNonCookieAccess: false,
    deviceStorageDisclosureUrl: "",
    urls: [],
  });
  return new GVL({
    gvlSpecificationVersion: 3,
    vendorListVersion: 100,
    tcfPolicyVersion: 5,
    lastUpdated: "2024-01-01T00:00:00Z",
    purposes: Object.fromEntries(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((id) => [id, { id, name: `Purpose ${id}`, description: "", illustrations: [] }]),
    ),
    specialPurposes: {},
    features: {},
    specialFeatures: { 1: { id: 1, name: "Special feature 1", description: "", illustrations: [] } },
    stacks: {},
    dataCategories: {},
    vendors: { 1: vendor(1), 2: vendor(2), 755: vendor(755) },
  });
}

describe("summarizeTcString", () => {
  it("decodes a TC string into counts and the CMP that wrote it", () => {
    const model = new TCModel(testGvl());
    model.cmpId = 31;
    model.cmpVersion = 4;
    model.isServiceSpecific = true;
    model.purposeConsents.set([1, 2, 3, 4]);
    model.purposeLegitimateInterests.set([7]);
    model.specialFeatureOptins.set(1);
    model.vendorConsents.set([1, 755]);
    model.vendorLegitimateInterests.set([2]);
    const summary = summarizeTcString(TCString.encode(model));
    expect(summary).toEqual({
      cmpId: 31,
      cmpVersion: 4,
      tcfPolicyVersion: 5,
      isServiceSpecific: true,
      purposeConsents: 4,
      purposeLegitimateInterests: 1,
      specialFeatureOptins: 1,
      vendorConsents: 2,
      vendorLegitimateInterests: 1,
    });
  });

  it("returns null for a string that is no TC string", () => {
    expect(summarizeTcString("not-a-tc-string")).toBeNull();
    expect(summarizeTcString("")).toBeNull();
  });
});
