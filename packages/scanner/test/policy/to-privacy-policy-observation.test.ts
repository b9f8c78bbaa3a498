import { PrivacyPolicyObservationSchema } from "@public-scan/core";
import { beforeAll, describe, expect, it } from "vitest";
import { loadPolicyVocabulary, type PolicyVocabulary } from "../../src/policy/policy-vocabulary.js";
import type { PolicyReading } from "../../src/policy/read-privacy-policy.js";
import { toPrivacyPolicyObservation } from "../../src/policy/to-privacy-policy-observation.js";

let vocabulary: PolicyVocabulary;
beforeAll(async () => {
  vocabulary = await loadPolicyVocabulary();
});

const reading = (extra: Partial<PolicyReading>): PolicyReading => ({
  steps: { discovery: "ok", fetch: "ok" },
  reason: null,
  foundIn: "footer",
  host: "www.shop.test",
  fetchStatus: "ok",
  httpStatus: 200,
  declaredLanguage: "en",
  text: null,
  ...extra,
});
const observe = (value: PolicyReading, vendors: string[] = []) =>
  toPrivacyPolicyObservation({ reading: value, vendors: new Set(vendors), vocabulary, isSameSite: (host) => host.endsWith("shop.test") });

describe("toPrivacyPolicyObservation", () => {
  it("analyses a policy it could read, and keeps none of its text", () => {
    const text = `${"We use Google Analytics for the following purposes: statistics. ".repeat(30)} The controller can be reached at privacy@shop.test.`;
    const observation = observe(reading({ text }), ["Google", "Meta"]);
    expect(PrivacyPolicyObservationSchema.parse(observation)).toEqual(observation);
    expect(observation).toMatchObject({
      steps: { discovery: "ok", fetch: "ok", analysis: "ok" },
      link: { foundIn: "footer", host: "www.shop.test", sameSite: true },
      language: "en",
      textLength: "1k_to_5k",
      vendorsNotNamed: ["Meta"],
      vendorsChecked: 2,
    });
    expect(observation.disclosures).toMatchObject({ purposes: true, controllerContact: true, retention: false });
    expect(JSON.stringify(observation)).not.toMatch(/statistics|privacy@/);
  });

  it("says nothing of the content of a policy it could not read: every content field is null", () => {
    const observation = observe(
      reading({
        steps: { discovery: "ok", fetch: "failed" },
        reason: "policy_not_found",
        fetchStatus: "not_found",
        httpStatus: 404,
        declaredLanguage: null,
      }),
      ["Google"],
    );
    expect(observation).toMatchObject({
      steps: { discovery: "ok", fetch: "failed", analysis: "skipped" },
      reason: "policy_not_found",
      fetchStatus: "not_found",
      language: null,
      textLength: null,
      disclosures: null,
      vendorsNotNamed: null,
      vendorsChecked: null,
    });
  });

  it("reports no link as found nowhere, with no host", () => {
    const observation = observe(
      reading({ foundIn: "none", host: null, fetchStatus: "skipped", steps: { discovery: "ok", fetch: "skipped" }, httpStatus: null }),
    );
    expect(observation.link).toEqual({ foundIn: "none", host: null, sameSite: null });
    expect(PrivacyPolicyObservationSchema.safeParse(observation).success).toBe(true);
  });
});
