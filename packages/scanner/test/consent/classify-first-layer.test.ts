import { describe, expect, it } from "vitest";
import { classifyFirstLayer, toFirstLayerButtons } from "../../src/consent/classify-first-layer.js";

const layer = (...kinds: string[]) => toFirstLayerButtons(kinds);

describe("classifyFirstLayer", () => {
  it.each([
    ["accept and reject", layer("accept", "reject"), "accept_and_reject_first_layer"],
    ["accept, reject and settings", layer("accept", "reject", "settings"), "accept_and_reject_first_layer"],
    ["an OK next to a reject (klaro)", layer("acknowledge", "reject", "settings"), "accept_and_reject_first_layer"],
    ["accept and settings", layer("accept", "settings"), "reject_behind_settings"],
    ["an OK next to settings", layer("acknowledge", "settings"), "reject_behind_settings"],
    ["accept alone", layer("accept"), "accept_only"],
    ["accept and a link", layer("accept", "other"), "accept_only"],
    ["an OK alone", layer("acknowledge"), "cosmetic_only"],
    ["no button at all", layer(), "cosmetic_only"],
    ["settings without any accept", layer("settings"), "undetermined"],
    ["reject without any accept", layer("reject"), "undetermined"],
  ] as const)("%s -> %s", (_name, buttons, expected) => {
    expect(classifyFirstLayer({ bannerVisible: true, buttons })).toBe(expected);
  });

  it("is no_banner_detected without a visible banner, and undetermined when the buttons could not be read", () => {
    expect(classifyFirstLayer({ bannerVisible: false, buttons: null })).toBe("no_banner_detected");
    expect(classifyFirstLayer({ bannerVisible: true, buttons: null })).toBe("undetermined");
  });
});
