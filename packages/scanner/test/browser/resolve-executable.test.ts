import { describe, expect, it } from "vitest";
import { resolveExecutable } from "../../src/browser/resolve-executable.js";

describe("resolveExecutable", () => {
  it("prefers a remote endpoint, then the option, then PUBLIC_SCAN_CHROME_PATH", async () => {
    expect(
      await resolveExecutable({ browserWSEndpoint: "ws://127.0.0.1:9222/devtools/browser/x", executablePath: "/opt/chrome", env: {} }),
    ).toEqual({
      kind: "remote",
      browserWSEndpoint: "ws://127.0.0.1:9222/devtools/browser/x",
    });
    expect(await resolveExecutable({ executablePath: "/opt/chrome", env: { PUBLIC_SCAN_CHROME_PATH: "/usr/bin/other" } })).toEqual({
      kind: "executable",
      path: "/opt/chrome",
      origin: "option",
    });
    expect(await resolveExecutable({ env: { PUBLIC_SCAN_CHROME_PATH: "/usr/bin/other" } })).toEqual({
      kind: "executable",
      path: "/usr/bin/other",
      origin: "environment",
    });
    expect(await resolveExecutable({ env: { PUBLIC_SCAN_BROWSER_WS_ENDPOINT: "ws://127.0.0.1:1/x" } })).toMatchObject({ kind: "remote" });
  });

  it("falls back to a system browser or the Chromium bundled in @sparticuz/chromium", async () => {
    const source = await resolveExecutable({ env: {} });
    expect(["executable", "serverless"]).toContain(source.kind);
    if (source.kind === "serverless") expect(source.path).toMatch(/chromium/);
  });
});
