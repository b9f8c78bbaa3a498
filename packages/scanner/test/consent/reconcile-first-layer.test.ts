import type { ConsentAction, ConsentObservation } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import { reconcileFirstLayer } from "../../src/consent/reconcile-first-layer.js";

const consent = (firstLayer: NonNullable<ConsentObservation["firstLayer"]>, classification: ConsentObservation["classification"]) =>
  ({
    status: "ok",
    reason: null,
    steps: { autoconsent: "ok", bannerScan: "ok", apiProbe: "ok" },
    cmp: "tarteaucitron.js",
    detectedBy: "autoconsent",
    bannerVisible: true,
    frame: "main_frame",
    inShadowDom: false,
    firstLayer,
    classification,
    apis: null,
    tcf: null,
  }) satisfies ConsentObservation;
const succeeded: ConsentAction = { outcome: "succeeded", method: "autoconsent", verified: true, reason: null };
const acceptOnly = consent({ accept: true, reject: false, settings: false, acknowledge: false }, "accept_only");

describe("reconcileFirstLayer", () => {
  it("a reject that succeeded with its first click on a reject button means the first layer offers reject", () => {
    const reconciled = reconcileFirstLayer(acceptOnly, { action: succeeded, clicks: ["reject"] });
    expect(reconciled.firstLayer).toEqual({ accept: true, reject: true, settings: false, acknowledge: false });
    expect(reconciled.classification).toBe("accept_and_reject_first_layer");
  });

  it("so does a single click on a button the vocabulary could not name", () => {
    expect(reconcileFirstLayer(acceptOnly, { action: succeeded, clicks: ["other"] }).classification).toBe("accept_and_reject_first_layer");
    // Several clicks starting on an unnamed button prove no first-layer reject.
    expect(reconcileFirstLayer(acceptOnly, { action: succeeded, clicks: ["other", "reject"] }).classification).toBe("accept_only");
  });

  it("a reject that went through the settings shows the settings, not a first-layer reject", () => {
    expect(reconcileFirstLayer(acceptOnly, { action: succeeded, clicks: ["settings", "reject"] }).classification).toBe(
      "reject_behind_settings",
    );
  });

  it("changes nothing for a reject that failed, clicked nothing, or whose clicks are unknown", () => {
    const failed: ConsentAction = { outcome: "failed", method: "autoconsent", verified: null, reason: "banner_still_visible" };
    expect(reconcileFirstLayer(acceptOnly, { action: failed, clicks: ["reject"] })).toBe(acceptOnly);
    expect(reconcileFirstLayer(acceptOnly, { action: succeeded, clicks: [] })).toBe(acceptOnly);
    expect(reconcileFirstLayer(acceptOnly, { action: succeeded, clicks: null })).toBe(acceptOnly);
  });
});
