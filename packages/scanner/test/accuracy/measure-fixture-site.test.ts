import type { ScanObservations } from "@public-scan/core";
import type { GroundTruth } from "@public-scan/fixture-web";
import { describe, expect, it } from "vitest";
import { measureFixtureSite } from "./measure-fixture-site.js";

const EMPTY = { cookies: [], storage: [], trackerVendors: [], trackerHosts: [] };
const NO_BANNER = { outcome: "not_attempted", method: null, verified: null, reason: "no_banner" } as const;
const request = (options: { host: string; phase: string; vendor: string | null; category: string | null; trackerListed?: boolean }) => ({
  host: options.host,
  phase: options.phase,
  party: "third_party",
  refused: false,
  trackerListed: options.trackerListed ?? false,
  classification: { vendor: options.vendor, category: options.category },
});

/** The parts of a scan the measure reads; the rest of `ScanObservations` plays no part in it. */
function observations(parts: Partial<Record<keyof ScanObservations, unknown>>): ScanObservations {
  return { cookies: [], storage: [], requests: [], collectors: [], ...parts } as unknown as ScanObservations;
}

const rowOf = (measure: ReturnType<typeof measureFixtureSite>, phase: string, kind: string) =>
  measure.evidence.find((entry) => entry.phase === phase && entry.kind === kind);

describe("measureFixtureSite", () => {
  it("scores the first visit's evidence by core's rules: refused cookies are not set, a host with a listed request is a tracker", () => {
    const measure = measureFixtureSite({
      site: "a",
      truth: {
        preConsent: { ...EMPTY, cookies: [{ name: "_ga", domain: "a.test" }], trackerVendors: ["Google"], trackerHosts: ["t.test"] },
      },
      observations: observations({
        cookies: [
          { name: "_ga", domain: "a.test", phase: "pre_consent", blockedReasons: null },
          { name: "IDE", domain: "t.test", phase: "pre_consent", blockedReasons: ["third_party_blocked"] },
        ],
        requests: [
          request({ host: "t.test", phase: "pre_consent", vendor: "Google", category: "fonts" }),
          request({ host: "t.test", phase: "pre_consent", vendor: "Google", category: "analytics", trackerListed: true }),
          request({ host: "fonts.test", phase: "pre_consent", vendor: "Google", category: "fonts" }),
        ],
      }),
    });
    expect(rowOf(measure, "pre_consent", "cookies")?.counts).toEqual({ truePositives: 1, falsePositives: 0, falseNegatives: 0 });
    expect(rowOf(measure, "pre_consent", "trackerHosts")?.counts).toEqual({ truePositives: 1, falsePositives: 0, falseNegatives: 0 });
    // Services are expected nowhere unless written down: the fonts host is a false positive, named in the errors.
    expect(rowOf(measure, "pre_consent", "services")).toMatchObject({
      counts: { truePositives: 0, falsePositives: 1, falseNegatives: 0 },
      errors: ["pre_consent services: wrongly found fonts.test|Google|fonts"],
    });
    // No phases, consent or privacy in the truth: nothing else is scored.
    expect(measure.evidence.map((entry) => entry.phase)).toEqual(Array(5).fill("pre_consent"));
    expect(measure.labels).toEqual([]);
  });

  it("scores the later phases of the truth, a phase that did not run included, without services", () => {
    const truth: GroundTruth = {
      preConsent: EMPTY,
      phases: {
        consentActions: { reject: NO_BANNER, accept: NO_BANNER },
        afterReject: { status: "not_run", reason: "no_banner", ...EMPTY },
        afterAccept: { status: "not_run", reason: "no_banner", ...EMPTY },
        gpc: { status: "completed", reason: null, ...EMPTY },
      },
    };
    const measure = measureFixtureSite({
      site: "a",
      truth,
      observations: observations({
        cookies: [{ name: "x", domain: "a.test", phase: "after_reject", blockedReasons: null }],
        consentActions: { reject: NO_BANNER, accept: { outcome: "failed", method: "heuristic", verified: null, reason: "click_failed" } },
      }),
    });
    expect(measure.evidence.filter((entry) => entry.kind === "services").map((entry) => entry.phase)).toEqual(["pre_consent"]);
    expect(rowOf(measure, "after_reject", "cookies")?.counts).toEqual({ truePositives: 0, falsePositives: 1, falseNegatives: 0 });
    expect(measure.labels.map(({ label, counts }) => [label, counts])).toEqual([
      ["rejectOutcome", { truePositives: 0, falsePositives: 0, falseNegatives: 0 }],
      ["acceptOutcome", { truePositives: 0, falsePositives: 1, falseNegatives: 0 }],
    ]);
  });

  it("scores the CMP by name, the first layer's buttons one by one, and the classification", () => {
    const measure = measureFixtureSite({
      site: "a",
      truth: {
        preConsent: EMPTY,
        consent: {
          cmp: "Klaro",
          bannerVisible: true,
          frame: "main_frame",
          inShadowDom: false,
          firstLayer: { accept: true, reject: true, settings: false, acknowledge: false },
          classification: "accept_and_reject_first_layer",
          apis: { tcf: false, gpp: false, usp: false },
        },
      },
      observations: observations({
        consent: {
          cmp: "heuristic",
          firstLayer: { accept: true, reject: false, settings: true, acknowledge: false },
          classification: "reject_behind_settings",
        },
      }),
    });
    expect(measure.labels).toEqual([
      {
        label: "cmp",
        counts: { truePositives: 0, falsePositives: 1, falseNegatives: 1 },
        errors: ["cmp: expected Klaro, observed heuristic"],
      },
      {
        label: "firstLayerButtons",
        counts: { truePositives: 1, falsePositives: 1, falseNegatives: 1 },
        errors: ["firstLayerButtons: reject missed", "firstLayerButtons: settings wrongly found"],
      },
      {
        label: "firstLayerClassification",
        counts: { truePositives: 0, falsePositives: 1, falseNegatives: 1 },
        errors: ["firstLayerClassification: expected accept_and_reject_first_layer, observed reject_behind_settings"],
      },
    ]);
  });

  it("counts every disclosure of a policy the scan did not read as missed, and scores the US-privacy signals", () => {
    const disclosures = { controllerContact: true, purposes: true } as Record<string, boolean>;
    const measure = measureFixtureSite({
      site: "a",
      truth: {
        preConsent: EMPTY,
        privacy: {
          policy: { foundIn: "footer", host: "a.test", fetchStatus: "ok", language: "en", disclosures: disclosures, vendorsNotNamed: [] },
          usPrivacy: {
            doNotSellOrShareLink: true,
            limitSensitiveLink: false,
            yourPrivacyChoicesLink: false,
            privacyChoicesIcon: false,
            noticeAtCollection: false,
            gpcJson: { status: "found", gpc: true, lastUpdate: false },
          },
        },
      },
      observations: observations({
        privacyPolicy: { disclosures: null },
        usPrivacy: { doNotSellOrShareLink: true, noticeAtCollection: true, gpcJson: { status: "not_found", gpc: null, lastUpdate: false } },
      }),
    });
    expect(measure.labels.map(({ label, counts }) => [label, counts])).toEqual([
      ["policyDisclosures", { truePositives: 0, falsePositives: 0, falseNegatives: 2 }],
      ["usPrivacySignals", { truePositives: 1, falsePositives: 1, falseNegatives: 1 }],
    ]);
  });
});
