import { describe, expect, it } from "vitest";
import { readAsset } from "../src/read-asset.js";
import { siteAssets } from "../src/site-definition.js";

const root = siteAssets("quiet-bakery");

describe("readAsset", () => {
  it("maps / to index.html and clean URLs to .html files", async () => {
    expect((await readAsset({ root, path: "/" }))?.contentType).toBe("text/html; charset=utf-8");
    const policy = await readAsset({ root, path: "/privacy-policy" });
    expect(policy?.body.toString()).toContain("<h1>Privacy policy</h1>");
  });

  it("fills placeholders in text files only when asked", async () => {
    const template = await readAsset({ root: siteAssets("ssrf-lab"), path: "/" });
    expect(template?.body.toString()).toContain("__FIXTURE_PORT__");
    const filled = await readAsset({ root: siteAssets("ssrf-lab"), path: "/", placeholders: { FIXTURE_PORT: "4242" } });
    expect(filled?.body.toString()).toContain("http://127.0.0.1:4242/");
  });

  it.each([
    "/../ground-truth.json",
    "/%2e%2e/ground-truth.json",
    "/..%2F..%2Fpackage.json",
    "/assets/../../ground-truth.json",
    "/%00",
    "/%E0%A4%A",
  ])("never serves %j", async (path) => {
    expect(await readAsset({ root, path })).toBeUndefined();
  });

  it("gives the content type by extension", async () => {
    expect((await readAsset({ root, path: "/assets/style.css" }))?.contentType).toBe("text/css; charset=utf-8");
    expect((await readAsset({ root, path: "/assets/logo.svg" }))?.contentType).toBe("image/svg+xml");
    expect((await readAsset({ root, path: "/assets/opening-hours.js" }))?.contentType).toBe("text/javascript; charset=utf-8");
  });
});
