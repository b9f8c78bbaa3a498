import { describe, expect, it } from "vitest";
import { FORBIDDEN_FLAGS, SCAN_FLAGS, siteIsolationFlags, withoutForbiddenFlags } from "../../src/browser/chromium-flags.js";

describe("Chromium flags", () => {
  it("drop every forbidden flag, with or without a value, and keep the rest in order", () => {
    const flags = [
      "--no-sandbox",
      "--disable-web-security",
      "--allow-running-insecure-content",
      "--ignore-certificate-errors",
      "--ignore-certificate-errors-spki-list=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
      "--remote-debugging-address=0.0.0.0",
      "--remote-debugging-port=9222",
      "--lang=en-US",
    ];
    expect(withoutForbiddenFlags(flags)).toEqual(["--no-sandbox", "--lang=en-US"]);
  });

  it("never lists a forbidden flag among the scan flags", () => {
    expect(withoutForbiddenFlags(SCAN_FLAGS)).toEqual([...SCAN_FLAGS]);
    expect(FORBIDDEN_FLAGS).toContain("--disable-web-security");
  });

  it("include the closed-network flags and hide automation", () => {
    expect(SCAN_FLAGS).toEqual(
      expect.arrayContaining([
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
        "--disable-blink-features=AutomationControlled",
      ]),
    );
  });

  it("choose the process model: a scan's frames share its renderer unless sites are isolated", () => {
    expect(siteIsolationFlags(false)).toEqual(["--disable-site-isolation-trials"]);
    expect(siteIsolationFlags(true)).toEqual(["--site-per-process"]);
    // The choice is the launcher's alone: the fixed flags take neither side.
    expect((SCAN_FLAGS as readonly string[]).filter((flag) => flag.includes("site-isolation") || flag === "--site-per-process")).toEqual(
      [],
    );
  });
});
