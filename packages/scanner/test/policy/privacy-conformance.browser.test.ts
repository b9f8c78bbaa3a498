import type { PrivacyGroundTruth } from "@public-scan/fixture-web";
import { describe, expect, it } from "vitest";
import { scanGroundTruthSites } from "../support/scan-ground-truth-sites.js";

/**
 * The privacy-policy and US-privacy collectors against the fixture web with the shared Chromium: on every
 * site with a `privacy` ground truth, the link's source and host, the fetch status, the language, the
 * twelve disclosures, the vendors the policy does not name, the CCPA/CPRA links and icon, and gpc.json
 * equal the ground truth; a policy that cannot be read lowers coverage and says nothing of its content.
 */
const { sites, results } = scanGroundTruthSites<PrivacyGroundTruth, "privacy">("privacy", {
  // Long enough for the Meta pixel and Google tag the cross-check needs; the policy fetch has its own budget.
  observeMs: 500,
  concurrency: 4,
});

describe("privacy ground truth", () => {
  it("covers nine languages, each way of finding the policy, a 404, a missing policy, missing disclosures and every gpc.json case", () => {
    const policies = sites.map((site) => site.privacy.policy);
    expect(new Set(policies.map((policy) => policy.language))).toEqual(
      new Set(["en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", null]),
    );
    expect(new Set(policies.map((policy) => policy.foundIn))).toEqual(new Set(["footer", "banner", "common_path", "none"]));
    expect(policies.some((policy) => policy.fetchStatus === "not_found")).toBe(true);
    expect(
      policies.some((policy) => policy.disclosures !== null && Object.values(policy.disclosures).filter((value) => !value).length >= 3),
    ).toBe(true);
    expect(policies.some((policy) => (policy.vendorsNotNamed ?? []).length > 0)).toBe(true);
    expect(new Set(sites.map((site) => site.privacy.usPrivacy.gpcJson.status))).toEqual(new Set(["found", "not_found", "invalid"]));
    expect(sites.some((site) => Object.values(site.privacy.usPrivacy).every((value) => value !== false))).toBe(true);
  });
});

describe.each(sites.map((site) => [site.id, site] as const))("site %s", (_id, site) => {
  it("reports the privacy policy of the ground truth", () => {
    const policy = results.get(site.id)!.privacyPolicy!;
    expect({
      foundIn: policy.link.foundIn,
      host: policy.link.host,
      fetchStatus: policy.fetchStatus,
      language: policy.language,
      disclosures: policy.disclosures,
      vendorsNotNamed: policy.vendorsNotNamed,
    }).toEqual(site.privacy.policy);
  });

  it("reports the US-privacy signals of the ground truth", () => {
    const { doNotSellOrShareLink, limitSensitiveLink, yourPrivacyChoicesLink, privacyChoicesIcon, noticeAtCollection, gpcJson } =
      results.get(site.id)!.usPrivacy!;
    expect({ doNotSellOrShareLink, limitSensitiveLink, yourPrivacyChoicesLink, privacyChoicesIcon, noticeAtCollection, gpcJson }).toEqual(
      site.privacy.usPrivacy,
    );
  });

  it("lowers coverage exactly when the policy could not be read, and never outputs a path or the canary", () => {
    const observations = results.get(site.id)!;
    const reports = observations.collectors.filter((report) => report.phase === "privacy_policy");
    const readable = site.privacy.policy.fetchStatus === "ok" || site.privacy.policy.fetchStatus === "skipped";
    expect(reports.map((report) => [report.id, report.status])).toEqual([
      ["privacy_policy", readable ? "ok" : "failed"],
      ["us_privacy", "ok"],
    ]);
    if (!readable) {
      expect(observations.privacyPolicy!.disclosures).toBeNull();
      expect(observations.privacyPolicy!.reason).toBe(`policy_${site.privacy.policy.fetchStatus}`);
    }
    const json = JSON.stringify({ privacyPolicy: observations.privacyPolicy, usPrivacy: observations.usPrivacy });
    expect(json).not.toMatch(/CANARY|https?:|\/privacy|\/datenschutz|gpc\.json/);
  });
});

describe("isolation of the policy visit", () => {
  it("adds nothing of the policy page or gpc.json to the pre-consent evidence", () => {
    for (const [id, observations] of results) {
      // No fixture policy page loads anything, and gpc.json is a document of its own: had either visit
      // been recorded, it would show as a second document request to the site's host.
      const documents = observations.requests.filter((request) => request.resourceType === "document" && request.phase === "pre_consent");
      expect(
        documents.reduce((sum, request) => sum + request.count, 0),
        id,
      ).toBe(1);
    }
  });
});
