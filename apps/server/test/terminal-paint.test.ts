import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { COLOURED, PLAIN, wantsColour } from "../src/terminal-paint.js";

describe("colour in the terminal", () => {
  it("is on for a terminal, off for a pipe, never with NO_COLOR, always with FORCE_COLOR", () => {
    expect(wantsColour({ isTTY: true }, {})).toBe(true);
    expect(wantsColour({}, {})).toBe(false);
    expect(wantsColour({ isTTY: true }, { NO_COLOR: "1" })).toBe(false);
    expect(wantsColour({ isTTY: true }, { NO_COLOR: "" })).toBe(true);
    expect(wantsColour({}, { FORCE_COLOR: "1" })).toBe(true);
    expect(wantsColour({ isTTY: true }, { FORCE_COLOR: "0" })).toBe(true);
    expect(wantsColour({}, { FORCE_COLOR: "0" })).toBe(false);
    expect(wantsColour({ isTTY: true }, { NO_COLOR: "1", FORCE_COLOR: "1" })).toBe(false);
  });

  it("paints with ANSI codes when coloured, whatever the test's own stream is, and never when plain", () => {
    expect(COLOURED("red", "high")).not.toBe("high");
    expect(stripVTControlCharacters(COLOURED("red", "high"))).toBe("high");
    expect(PLAIN("red", "high")).toBe("high");
  });
});
