import { describe, expect, it } from "vitest";
import { purposeOf, toChoiceToggles } from "../../src/consent/to-choice-toggles.js";

describe("toChoiceToggles", () => {
  it.each([
    ["analytics | Statistics", "analytics"],
    ["Estatísticas | Contam as visitas às páginas.", "analytics"],
    ["Werbung | Anzeigen, die zu Ihnen passen", "marketing"],
    ["c2 | Mesure d'audience", "analytics"],
    ["Funktionale Cookies", "preferences"],
    ["Strictly necessary | Needed for the site to work and for marketing to ask you", "necessary"],
    ["Niezbędne", "necessary"],
    ["Partner 7", "other"],
  ])("reads %j as %s, by the purpose named first", (words, purpose) => {
    expect(purposeOf(words)).toBe(purpose);
  });

  it("counts necessary toggles kept on apart from pre-ticked ones, and lists each purpose once", () => {
    const toggles = toChoiceToggles({
      seenWhile: "rejecting",
      toggles: [
        { checked: true, disabled: true, words: "Statistics" },
        { checked: true, disabled: false, words: "Essential cookies" },
        { checked: true, disabled: false, words: "Marketing" },
        { checked: true, disabled: false, words: "Social media tracking" },
        { checked: false, disabled: false, words: "Preferences" },
      ],
    });
    // A locked toggle is the dialog's necessary category whatever it is called.
    expect(toggles).toEqual({ seenWhile: "rejecting", shown: 5, necessaryOn: 2, preTicked: 2, preTickedPurposes: ["marketing"] });
  });

  it("reports nothing for no toggles", () => {
    expect(toChoiceToggles(null)).toBeNull();
    expect(toChoiceToggles({ seenWhile: "rejecting", toggles: [] })).toBeNull();
  });
});
