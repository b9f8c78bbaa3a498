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

  it("takes regular-expression characters literally", () => {
    expect(matches("art. 6", "art. 6(1)")).toBe(true);
    expect(matches("art. 6", "arts 6")).toBe(false);
    expect(matches("media.net", "mediaxnet")).toBe(false);
  });

  it("counts every occurrence", () => {
    expect(countMatches(normalizeText("Cookies, cookie, COOKIES"), [compilePhrase("cookie*")])).toBe(3);
  });
});
