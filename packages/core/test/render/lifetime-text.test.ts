import { describe, expect, it } from "vitest";
import { lifetimeText } from "../../src/render/lifetime-text.js";

describe("lifetimeText", () => {
  it.each([
    [null, "session"],
    [0, "under 1 hour"],
    [3599, "under 1 hour"],
    [3600, "1 hour"],
    [5 * 3600, "5 hours"],
    [86_400, "1 day"],
    [59 * 86_400, "59 days"],
    [60 * 86_400, "2 months"],
    [395 * 86_400, "13 months"],
    [730 * 86_400, "2 years"],
  ])("reads %s seconds as %s", (seconds, text) => {
    expect(lifetimeText(seconds)).toBe(text);
  });
});
