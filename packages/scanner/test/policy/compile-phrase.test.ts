import { describe, expect, it } from "vitest";
import { compilePhrase, countMatches, matchesAny, normalizeText } from "../../src/policy/compile-phrase.js";

const matches = (phrase: string, text: string) => matchesAny(normalizeText(text), [compilePhrase(phrase)]);

describe("compilePhrase", () => {
  it("matches whole words only, in any script", () => {
    expect(matches("dpo", "Contact our DPO.")).toBe(true);
    expect(matches("dpo", "dpoint")).toBe(false);
    expect(matches("imy", "Integritetsskyddsmyndigheten (IMY)")).toBe(true);
    expect(matches("zgod", "zgodę")).toBe(false);
  });

  it("reads a trailing * as any inflection, a hyphen as optional, and ' ... ' as up to six words", () => {
    expect(matches("verantwortliche*", "Verantwortlicher ist")).toBe(true);
    expect(matches("opt-out icon", "Opt Out Icon")).toBe(true);
    expect(matches("e-mail", "email")).toBe(true);
    expect(matches("withdraw ... consent", "withdraw at any time your consent")).toBe(true);
    expect(matches("withdraw ... consent", "withdraw one two three four five six seven consent")).toBe(false);
  });

  it("lets ' ... ' start after punctuation that ends the word before it", () => {
    expect(matches("consent ... withdr*", "Where we rely on your consent, you can withdraw it.")).toBe(true);
    expect(matches("question* ... privacy", "Questions? Write to our privacy team.")).toBe(true);
    expect(matches("consent ... withdr*", "consenting, you can withdraw")).toBe(false);
  });

  it("reads a leading * as the last part of a compound", () => {
    expect(matches("*cookies", "Tredjepartscookies sätts")).toBe(true);
    expect(matches("*cookies", "Cookies")).toBe(true);
    expect(matches("*cookies", "cookiesetting")).toBe(false);
  });

  it("does not read the start of an e-mail address as a word", () => {
    expect(matches("dpo", "write to dpo@shop.example")).toBe(false);
    expect(matches("dpo", "write to our DPO at dpo@shop.example")).toBe(true);
  });

  it("reads a trailing @ as the start of an e-mail address: a mailbox, by its whole local part", () => {
    expect(matches("privacy@", "Email privacy@shop.example for any request.")).toBe(true);
    expect(matches("data-protection@", "dataprotection@shop.example")).toBe(true);
    expect(matches("privacy@", "dataprivacy@shop.example")).toBe(false);
    expect(matches("privacy@", "Read our privacy policy.")).toBe(false);
  });

  it("takes regular-expression characters literally", () => {
    expect(matches("art. 6", "art. 6(1)")).toBe(true);
    expect(matches("art. 6", "arts 6")).toBe(false);
    expect(matches("media.net", "mediaxnet")).toBe(false);
  });

  it("counts every occurrence", () => {
    expect(countMatches(normalizeText("Cookies, cookie, COOKIES"), [compilePhrase("cookie*")])).toBe(3);
  });
});
