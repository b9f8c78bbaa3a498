import { describe, expect, it } from "vitest";
import { checkDisclosures } from "../../src/policy/check-disclosures.js";
import { loadPolicyVocabulary } from "../../src/policy/policy-vocabulary.js";

/**
 * A policy page is the site's text, read synchronously on the scanner's main thread: text built to make the
 * patterns backtrack must not stall the process. These inputs took 25 s and 160 s with the earlier patterns
 * (nested hyphen-or-space quantifiers; an e-mail search from every letter); the bound below is a safety
 * property with a wide margin on a slow machine, not a speed target (those are in BENCHMARKS.md).
 */
describe("checkDisclosures on hostile text", () => {
  const hostile = [
    `withdraw ${"a-".repeat(5_000)}`,
    `withdraw ${"a- ".repeat(5_000)} consent`,
    "a".repeat(300_000),
    `${"x".repeat(60)}@${"y".repeat(60)} `.repeat(3_000),
    `(at) `.repeat(50_000),
  ];

  it.each(hostile.map((text, index) => [index, text] as const))("input %i finishes promptly", async (_index, text) => {
    const vocabulary = await loadPolicyVocabulary();
    const started = performance.now();
    const disclosures = checkDisclosures(text, vocabulary);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(Object.values(disclosures).every((value) => typeof value === "boolean")).toBe(true);
  });

  it("still finds an e-mail address and a phrase with words in between", async () => {
    const vocabulary = await loadPolicyVocabulary();
    const text = "Contact our data protection officer at dpo@example.com. You may withdraw your consent at any time.";
    const disclosures = checkDisclosures(text, vocabulary);
    expect(disclosures.dataProtectionOfficer).toBe(true);
    expect(disclosures.withdrawConsent).toBe(true);
  });
});
