import { GppModel } from "@iabgpp/cmpapi";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeGppString, decodeUspString, GPP_MAX_SECTIONS, GPP_STRING_MAX_CHARS } from "../../src/consent/decode-gpp-string.js";

/** A GPP string as the IAB's encoder writes it, from section fields. */
function encode(fields: Record<string, Record<string, unknown>>): string {
  const model = new GppModel();
  for (const [section, values] of Object.entries(fields)) {
    for (const [field, value] of Object.entries(values)) model.setFieldValue(section, field, value);
  }
  return model.encode();
}

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** Bits to base64url, padded with zeros to whole characters. */
const toBase64Url = (bits: string) =>
  (bits.padEnd(Math.ceil(bits.length / 6) * 6, "0").match(/.{6}/g) ?? []).map((six) => BASE64URL[Number.parseInt(six, 2)]).join("");
/** Fibonacci code of n (Zeckendorf bits, lowest first, then the terminating 1). */
function fibonacciBits(n: number): string {
  const fibs = [1, 2];
  while ((fibs.at(-1) ?? 0) <= n) fibs.push((fibs.at(-1) ?? 0) + (fibs.at(-2) ?? 0));
  const bits = fibs.map(() => "0");
  let rest = n;
  for (let index = fibs.length - 1; index >= 0; index--) {
    if ((fibs[index] ?? Infinity) <= rest) {
      bits[index] = "1";
      rest -= fibs[index] ?? 0;
    }
  }
  return `${bits.join("").replace(/0+$/, "")}1`;
}

describe("decodeGppString", () => {
  it("reads a US national section's opt-outs and GPC sub-section as the IAB's encoder wrote them", () => {
    const gpp = encode({
      usnat: { SaleOptOut: 1, SharingOptOut: 1, TargetedAdvertisingOptOut: 2, SaleOptOutNotice: 1, GpcSegmentIncluded: true, Gpc: true },
    });
    expect(decodeGppString(gpp)).toEqual({
      sections: [
        {
          id: 7,
          name: "usnat",
          decoded: true,
          saleOptOut: "opted_out",
          sharingOptOut: "opted_out",
          targetedAdvertisingOptOut: "did_not_opt_out",
          gpc: true,
          tcf: null,
        },
      ],
    });
  });

  it("reads state sections with the fields they have, the US Privacy section and the TCF EU section's counts", () => {
    const gpp = encode({
      usca: { SaleOptOut: 2, SharingOptOut: 2 },
      usva: { SaleOptOut: 1, TargetedAdvertisingOptOut: 1 },
      uspv1: { Notice: "Y", OptOutSale: "N", LspaCovered: "N" },
      tcfeuv2: { PurposeConsents: [true, false, true], CmpId: 300, VendorConsents: [1, 2, 3] },
    });
    const decoded = decodeGppString(gpp);
    const byName = new Map(decoded?.sections.map((section) => [section.name, section]));
    expect(byName.get("usca")).toMatchObject({
      saleOptOut: "did_not_opt_out",
      sharingOptOut: "did_not_opt_out",
      targetedAdvertisingOptOut: null,
    });
    expect(byName.get("usva")).toMatchObject({ saleOptOut: "opted_out", sharingOptOut: null, targetedAdvertisingOptOut: "opted_out" });
    expect(byName.get("uspv1")).toMatchObject({ decoded: true, saleOptOut: "did_not_opt_out" });
    expect(byName.get("tcfeuv2")).toMatchObject({ decoded: true, tcf: { cmpId: 300, purposeConsentIds: [1, 3], vendorConsents: 3 } });
    expect(decoded?.sections.map((section) => section.id)).toEqual([2, 6, 8, 9]);
  });

  it("reports a malformed section as not decoded and still reads the others", () => {
    const good = encode({ usnat: { SaleOptOut: 1 }, usca: { SaleOptOut: 1 } });
    const [header, usnat] = good.split("~");
    const decoded = decodeGppString(`${header}~${usnat}~!!`);
    expect(decoded?.sections.map((section) => [section.name, section.decoded])).toEqual([
      ["usnat", true],
      ["usca", false],
    ]);
  });

  it("refuses what is not a GPP string: other types, too long, a section count that does not match the header", () => {
    const good = encode({ usnat: { SaleOptOut: 1 } });
    for (const bad of [undefined, 42, "", "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA", `${good}~extra`, "DBAB~", good.repeat(3000)]) {
      expect(decodeGppString(bad)).toBeNull();
    }
    expect(good.repeat(3000).length).toBeGreaterThan(GPP_STRING_MAX_CHARS);
  });

  it("refuses a header whose few characters declare a billion sections, in bounded time", () => {
    // One range entry from id 1 to about 2^30: the IAB's library would push every id into an array.
    const bits = `000011000001${(1).toString(2).padStart(12, "0")}1${fibonacciBits(1)}${fibonacciBits(2 ** 30)}`;
    const header = `${toBase64Url(bits)}`;
    const started = performance.now();
    expect(decodeGppString(`${header}~abc`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it(`refuses a header with more than ${GPP_MAX_SECTIONS} sections or an id past the registry's`, () => {
    const manySingles = `000011000001${(GPP_MAX_SECTIONS + 1).toString(2).padStart(12, "0")}${`0${fibonacciBits(1)}`.repeat(GPP_MAX_SECTIONS + 1)}`;
    expect(decodeGppString(`${toBase64Url(manySingles)}${"~a".repeat(GPP_MAX_SECTIONS + 1)}`)).toBeNull();
    const farId = `000011000001${(1).toString(2).padStart(12, "0")}0${fibonacciBits(500)}`;
    expect(decodeGppString(`${toBase64Url(farId)}~a`)).toBeNull();
  });

  it("never throws on arbitrary input, and whatever it decodes has at most the allowed sections", () => {
    const alphabet = fc.constantFrom(...`${BASE64URL}~.`);
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 300 }), (text) => {
        const decoded = decodeGppString(`DB${text}`);
        expect(decoded === null || decoded.sections.length <= GPP_MAX_SECTIONS).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("decodeUspString", () => {
  it("reads the three flags of a US Privacy string and refuses anything else", () => {
    expect(decodeUspString("1YYN")).toEqual({ notice: "yes", optOutSale: "yes", lspaCovered: "no" });
    expect(decodeUspString("1---")).toEqual({ notice: "not_applicable", optOutSale: "not_applicable", lspaCovered: "not_applicable" });
    for (const bad of ["1YN", "1YNNN", "XYZW", 7, null]) expect(decodeUspString(bad)).toBeNull();
  });
});
