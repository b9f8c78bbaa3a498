import { describe, expect, it } from "vitest";
import { parseServeConfig } from "../src/serve/parse-serve-config.js";

/** The launched browser's settings of `pnpm serve` from the environment: defaults, values, and refusals. */
describe("pnpm serve's browser settings", () => {
  it("leave site isolation off unless PUBLIC_SCAN_BROWSER_SITE_ISOLATION is on", () => {
    expect(parseServeConfig([], {}).isolateSites).toBe(false);
    expect(parseServeConfig([], { PUBLIC_SCAN_BROWSER_SITE_ISOLATION: "off" }).isolateSites).toBe(false);
    expect(parseServeConfig([], { PUBLIC_SCAN_BROWSER_SITE_ISOLATION: "on" }).isolateSites).toBe(true);
    expect(() => parseServeConfig([], { PUBLIC_SCAN_BROWSER_SITE_ISOLATION: "yes" })).toThrow(
      "PUBLIC_SCAN_BROWSER_SITE_ISOLATION must be on or off",
    );
  });

  it("take the recycling bounds, or leave them to the scanner's defaults", () => {
    expect(parseServeConfig([], {}).browserRecycle).toEqual({ afterScans: null, aboveMb: null });
    const set = parseServeConfig([], { PUBLIC_SCAN_BROWSER_RECYCLE_SCANS: "50", PUBLIC_SCAN_BROWSER_RECYCLE_MB: "2048" });
    expect(set.browserRecycle).toEqual({ afterScans: 50, aboveMb: 2048 });
    expect(() => parseServeConfig([], { PUBLIC_SCAN_BROWSER_RECYCLE_MB: "64" })).toThrow("PUBLIC_SCAN_BROWSER_RECYCLE_MB");
  });
});
