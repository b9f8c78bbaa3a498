import { UNCLASSIFIED, type RequestObservation } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import { toGpcPass } from "../../src/us-privacy/to-gpc-pass.js";

const request = (phase: RequestObservation["phase"], vendor: string, extra: Partial<RequestObservation["classification"]> = {}) =>
  ({
    host: "tracker.test",
    registrableDomain: "tracker.test",
    party: "third_party",
    resourceType: "script",
    initiatorHost: null,
    status: 200,
    refused: false,
    count: 1,
    phase,
    trackerListed: true,
    classification: { ...UNCLASSIFIED, vendor, category: "advertising", purpose: "marketing", ...extra },
  }) satisfies RequestObservation;

describe("toGpcPass", () => {
  it("lists the advertising vendors contacted during a completed GPC pass, only from that phase", () => {
    const requests = [
      request("gpc", "Meta"),
      request("gpc", "Google", { category: "analytics", purpose: "analytics" }),
      request("gpc", "Hotjar", { category: "session_replay", purpose: "marketing" }),
      request("pre_consent", "Criteo"),
      request("gpc", "Criteo"),
    ];
    expect(toGpcPass({ phases: [{ phase: "gpc", status: "completed", reason: null, observeMs: 1000 }], requests })).toEqual({
      status: "completed",
      reason: null,
      advertisingVendors: ["Criteo", "Meta"],
    });
  });

  it("says why the pass did not run, and that a scan without phases has none", () => {
    expect(toGpcPass({ phases: [{ phase: "gpc", status: "not_run", reason: "disabled", observeMs: null }], requests: [] })).toEqual({
      status: "not_run",
      reason: "disabled",
      advertisingVendors: null,
    });
    expect(toGpcPass({ requests: [] })).toEqual({ status: "absent", reason: null, advertisingVendors: null });
  });
});
