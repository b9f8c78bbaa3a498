import { beforeAll, describe, expect, it } from "vitest";
import { findUnnamedVendors } from "../../src/policy/find-unnamed-vendors.js";
import { loadPolicyVocabulary, type PolicyVocabulary } from "../../src/policy/policy-vocabulary.js";

let vocabulary: PolicyVocabulary;
beforeAll(async () => {
  vocabulary = await loadPolicyVocabulary();
});
const unnamed = (text: string, vendors: string[]) => findUnnamedVendors({ text, vendors, aliases: vocabulary.vendorAliases });

describe("findUnnamedVendors", () => {
  it("lists the observed vendors the text does not name, sorted", () => {
    expect(unnamed("We use Google Analytics to measure visits.", ["Meta", "Google", "Hotjar"])).toEqual(["Hotjar", "Meta"]);
  });

  it("counts a vendor as named by a brand of its own (Facebook for Meta, YouTube for Google, Twitter for X)", () => {
    expect(
      unnamed("Videos are embedded from YouTube; we use the Facebook pixel and share buttons for Twitter.", [
        "Google",
        "Meta",
        "X (Twitter)",
      ]),
    ).toEqual([]);
    expect(unnamed("Wir nutzen Xandr für Werbung.", ["Xandr (Microsoft)"])).toEqual([]);
  });

  it("matches whole words in any case, never parts of words", () => {
    expect(unnamed("WIR NUTZEN HOTJAR.", ["Hotjar"])).toEqual([]);
    expect(unnamed("We store metadata about your order, and our heaps of logs.", ["Meta", "Heap"])).toEqual(["Heap", "Meta"]);
    // A one-letter part of a name ("X") never counts as a name.
    expect(unnamed("Section X of this policy.", ["X (Twitter)"])).toEqual(["X (Twitter)"]);
  });

  it("matches names with dots and spaces as written", () => {
    expect(unnamed("Chat by tawk.to and ads by Media.net and The Trade Desk.", ["tawk.to", "Media.net", "The Trade Desk"])).toEqual([]);
  });
});
