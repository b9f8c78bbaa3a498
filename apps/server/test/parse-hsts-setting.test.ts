import { describe, expect, it } from "vitest";
import { parseServeConfig } from "../src/serve/parse-serve-config.js";

describe("the HSTS setting", () => {
  it("keeps the default when unset, turns off with off, and reads a header value", () => {
    expect(parseServeConfig([], {}).hsts).toBeUndefined();
    expect(parseServeConfig([], { PUBLIC_SCAN_HSTS: "off" }).hsts).toBe(false);
    expect(parseServeConfig([], { PUBLIC_SCAN_HSTS: "max-age=600; includeSubDomains" }).hsts).toEqual({
      maxAgeSeconds: 600,
      includeSubDomains: true,
      preload: false,
    });
  });

  it("refuses anything else, naming the setting", () => {
    for (const value of ["on", "max-age=-1", "max-age=60; evil=1", "includeSubDomains"]) {
      expect(() => parseServeConfig([], { PUBLIC_SCAN_HSTS: value }), value).toThrow(/PUBLIC_SCAN_HSTS/);
    }
  });
});
