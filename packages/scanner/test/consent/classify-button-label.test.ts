import { describe, expect, it } from "vitest";
import { classifyButtonLabel, cleanButtonLabel } from "../../src/consent/classify-button-label.js";
import BUTTON_LABELS from "./button-labels.json" with { type: "json" };

/** Labels as real consent banners write them, per language and kind (a table: button-labels.json). */
const LABELS: Record<string, Record<string, string[]>> = BUTTON_LABELS;

const cases = Object.entries(LABELS).flatMap(([language, kinds]) =>
  Object.entries(kinds).flatMap(([kind, labels]) => labels.map((label) => [language, kind, label] as const)),
);

describe("classifyButtonLabel", () => {
  it.each(cases)("%s: %s <- %j", (_language, kind, label) => {
    expect(classifyButtonLabel(label)).toBe(kind);
  });

  it("reads a bare close symbol as acknowledging, and gives up on empty or overlong labels", () => {
    expect(classifyButtonLabel("×")).toBe("acknowledge");
    expect(classifyButtonLabel("   ")).toBe("other");
    expect(classifyButtonLabel(`Accept ${"very ".repeat(30)}much`)).toBe("other");
  });
});

describe("cleanButtonLabel", () => {
  it("lower-cases, drops apostrophes and turns punctuation and line breaks into single spaces", () => {
    expect(cleanButtonLabel("  J’accepte\n  TOUT!! ")).toBe("jaccepte tout");
    expect(cleanButtonLabel("Don't → allow")).toBe("dont allow");
  });
});
