import { describe, expect, it } from "vitest";
import { DISCLOSURE_KEYS, loadPolicyVocabulary, parsePolicyVocabulary } from "../../src/policy/policy-vocabulary.js";
import { loadUsPrivacyVocabulary, parseUsPrivacyVocabulary } from "../../src/us-privacy/us-privacy-vocabulary.js";

const LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv"];

describe("the bundled vocabularies", () => {
  it("cover the nine languages for links and for every disclosure (the cookies section shares one word)", async () => {
    const vocabulary = await loadPolicyVocabulary();
    expect(Object.keys(vocabulary.links.languages).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      expect(vocabulary.links.languages[language]!.strong.length, language).toBeGreaterThan(0);
      expect(vocabulary.links.languages[language]!.paths.length, language).toBeGreaterThan(0);
    }
    for (const key of DISCLOSURE_KEYS.filter((name) => name !== "cookies")) {
      expect(Object.keys(vocabulary.disclosures[key].terms).sort(), key).toEqual([...LANGUAGES].sort());
    }
    expect(vocabulary.version).toMatch(/^\d{4}\.\d{2}\/\d{4}\.\d{2}$/);
  });

  it("load the US-privacy vocabulary with every link kind", async () => {
    const vocabulary = await loadUsPrivacyVocabulary();
    for (const rule of [
      vocabulary.doNotSellOrShare,
      vocabulary.limitSensitive,
      vocabulary.yourPrivacyChoices,
      vocabulary.noticeAtCollection,
    ]) {
      expect(rule.terms.length).toBeGreaterThan(0);
      expect(rule.hrefHints.length).toBeGreaterThan(0);
    }
  });

  it("fail loudly, naming the entry, when a file is malformed", () => {
    expect(() => parsePolicyVocabulary({ links: {}, disclosures: {}, aliases: {} })).toThrow(/policy-link-vocabulary.json: languages/);
    expect(() => parseUsPrivacyVocabulary({ doNotSellOrShare: { terms: [1], hrefHints: [] } })).toThrow(/doNotSellOrShare.terms/);
  });
});
