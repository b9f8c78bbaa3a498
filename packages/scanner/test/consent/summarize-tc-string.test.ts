import { GVL, Segment, TCModel, TCString } from "@iabtechlabtcf/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { summarizeTcString, TC_STRING_MAX_CHARS } from "../../src/consent/summarize-tc-string.js";
import { hostileTcString } from "../support/hostile-tc-string.js";

/** A GVL with just the purposes and vendors the test string names; encoding needs one, decoding does not. */
function testGvl(vendorIds: readonly number[] = [1, 2, 755]): GVL {
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
    vendors: Object.fromEntries(vendorIds.map((id) => [id, vendor(id)])),
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
      purposeConsentIds: [1, 2, 3, 4],
      purposeLegitimateInterestIds: [7],
      // The IAB encoder writes an (empty) disclosed-vendors segment by default.
      vendorsDisclosed: 0,
    });
  });

  it("counts the vendors the disclosed-vendors segment lists, and leaves the core's counts alone when that segment is malformed", () => {
    const model = new TCModel(testGvl([1, 2, 755]));
    model.cmpId = 31;
    model.vendorConsents.set([1]);
    model.vendorsDisclosed.set([1, 2, 755]);
    const encoded = TCString.encode(model, { segments: [Segment.CORE, Segment.VENDORS_DISCLOSED] });
    expect(encoded.split(".")).toHaveLength(2);
    expect(summarizeTcString(encoded)).toMatchObject({
      vendorConsents: 1,
      vendorsDisclosed: TCString.decode(encoded).vendorsDisclosed.size,
    });
    expect(summarizeTcString(encoded)?.vendorsDisclosed).toBe(3);
    const [core] = encoded.split(".");
    expect(summarizeTcString(`${core}.IA`)).toMatchObject({ vendorConsents: 1, vendorsDisclosed: null });
  });

  it("names the vendors the operator's vendor list knows, for bit fields and ranges alike, and never expands a hostile string", () => {
    const list = {
      version: 150,
      names: new Map([
        [1, "One"],
        [2, "Two"],
        [300, "Three Hundred"],
        [755, "Seven"],
      ]),
    };
    const model = new TCModel(testGvl(Array.from({ length: 800 }, (_, index) => index + 1)));
    model.vendorConsents.set([2, 755]);
    model.vendorLegitimateInterests.set(Array.from({ length: 400 }, (_, index) => index + 1));
    const summary = summarizeTcString(TCString.encode(model), list);
    expect(summary).toMatchObject({
      vendorListVersion: 150,
      vendorConsentNames: ["Seven", "Two"],
      vendorLegitimateInterestNames: ["One", "Three Hundred", "Two"],
      vendorConsents: 2,
      vendorLegitimateInterests: 400,
    });
    expect(summarizeTcString(TCString.encode(model))).not.toHaveProperty("vendorConsentNames");
    const hostile = summarizeTcString(hostileTcString(1500), list);
    expect(hostile?.vendorConsentNames).toEqual(["One", "Seven", "Three Hundred", "Two"]);
  });

  it("returns null for a string that is no TC string", () => {
    expect(summarizeTcString("not-a-tc-string")).toBeNull();
    expect(summarizeTcString("")).toBeNull();
  });

  it("rejects what is not a string, or longer than the cap, before reading it", () => {
    expect(summarizeTcString(42)).toBeNull();
    expect(summarizeTcString({ length: 3 })).toBeNull();
    const valid = TCString.encode(new TCModel(testGvl()));
    expect(summarizeTcString(valid + "A".repeat(TC_STRING_MAX_CHARS))).toBeNull();
    expect(summarizeTcString(`!${valid}`)).toBeNull();
  });

  it("counts a hostile string's 1,500 overlapping ranges of 65,535 ids without expanding them", () => {
    const tcString = hostileTcString(1500);
    expect(tcString.length).toBeLessThan(TC_STRING_MAX_CHARS);
    expect(summarizeTcString(tcString)).toMatchObject({ vendorConsents: 65_535, vendorLegitimateInterests: 0 });
  });

  it("counts what the IAB Tech Lab's decoder counts, on every string its encoder writes", () => {
    const ids = Array.from({ length: 600 }, (_, index) => index + 1);
    const gvl = testGvl(ids);
    const idSet = fc.uniqueArray(fc.integer({ min: 1, max: 600 }), { maxLength: 300 });
    // Runs of consecutive ids make the encoder choose range encoding; scattered ids a bit field.
    const runs = fc.array(fc.tuple(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 0, max: 200 })), { maxLength: 6 });
    fc.assert(
      fc.property(idSet, runs, fc.uniqueArray(fc.integer({ min: 1, max: 24 }), { maxLength: 24 }), (scattered, ranges, purposes) => {
        const model = new TCModel(gvl);
        model.cmpId = 12;
        model.purposeConsents.set(purposes);
        model.vendorConsents.set(scattered);
        for (const [start, length] of ranges) {
          model.vendorLegitimateInterests.set(ids.slice(start - 1, start - 1 + length));
        }
        const encoded = TCString.encode(model);
        const reference = TCString.decode(encoded);
        expect(summarizeTcString(encoded)).toMatchObject({
          cmpId: 12,
          purposeConsents: reference.purposeConsents.size,
          purposeConsentIds: [...reference.purposeConsents].filter(([, set]) => set).map(([id]) => id),
          vendorConsents: reference.vendorConsents.size,
          vendorLegitimateInterests: reference.vendorLegitimateInterests.size,
        });
        // With every id named, the names are the reference's vendors (the first hundred, alphabetically).
        const named = summarizeTcString(encoded, { version: 1, names: new Map(ids.map((id) => [id, `v${String(id).padStart(3, "0")}`])) });
        const referenceNames = [...reference.vendorLegitimateInterests]
          .filter(([, set]) => set)
          .map(([id]) => `v${String(id).padStart(3, "0")}`);
        expect(named?.vendorLegitimateInterestNames).toEqual(referenceNames.sort().slice(0, 100));
      }),
      { numRuns: 200, seed: 20261124 },
    );
  });
});
