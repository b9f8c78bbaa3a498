import puppeteer, { type Browser, type BrowserContext } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { bannerScanScript, type BannerScanResult } from "../../src/consent/banner-scan-script.js";

/**
 * Banners built as web components, in the shared Chromium: the notice's text and buttons live in an open
 * shadow root, and the fixed overlay is either an element inside that root (berg-apotheke's pattern) or
 * the host element itself, styled through `:host`, as many components style themselves.
 */
const component = (hostStyle: string, innerStyle: string) => `<!doctype html><html lang="en"><body>
<h1>Shop</h1><p>Welcome.</p>
<cookie-notice></cookie-notice>
<script>
  customElements.define("cookie-notice", class extends HTMLElement {
    connectedCallback() {
      const root = this.attachShadow({ mode: "open" });
      root.innerHTML = '<style>:host { ${hostStyle} } .box { ${innerStyle} }</style>' +
        '<div class="box"><p>We use cookies for analytics and advertising.</p>' +
        '<button type="button">Accept all</button><button type="button">Reject all</button></div>';
    }
  });
</script></body></html>`;

const FIXED = "position: fixed; left: 0; right: 0; bottom: 0; display: block; background: #fff; padding: 1rem;";

describe("the banner scan script on web-component banners", () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await puppeteer.connect({ browserWSEndpoint: inject("browserWSEndpoint") });
    context = await browser.createBrowserContext();
  });
  afterAll(async () => {
    await context?.close();
    // The browser is shared by the whole run: disconnect, never close it.
    await browser?.disconnect();
  });

  const scan = async (html: string) => {
    const page = await context.newPage();
    try {
      await page.setContent(html, { waitUntil: "load" });
      return (await page.evaluate(bannerScanScript())) as BannerScanResult;
    } finally {
      await page.close();
    }
  };

  it.each([
    ["a fixed box inside the shadow root", "display: block;", FIXED],
    ["the shadow host itself fixed, through :host", FIXED, ""],
  ])("finds the notice, its buttons and the shadow DOM when %s", async (_case, hostStyle, innerStyle) => {
    const result = await scan(component(hostStyle, innerStyle));
    expect(result.banners[0]).toEqual({ inShadowDom: true, consentText: true, labels: ["Accept all", "Reject all"] });
  });

  it.each([
    [
      "divs with a click listener and a pointer cursor",
      '<div class="b" style="cursor: pointer">Accept all</div><div class="b" style="cursor: pointer"><span>Reject all</span></div>',
    ],
    ["spans with inline handlers", '<span onclick="void 0">Accept all</span> <span onclick="void 0">Reject all</span>'],
    [
      "focusable divs in a focusable dialog",
      '<div tabindex="0"><div tabindex="0">Accept all</div><div tabindex="0">Reject all</div></div>',
    ],
  ])("reads hand-made buttons that are %s, and not the notice's text", async (_case, buttons) => {
    const html = `<!doctype html><html lang="en"><body><h1>Shop</h1>
      <div style="position: fixed; left: 0; right: 0; bottom: 0; background: #fff"><p>We use cookies for analytics.</p>
      <p>Learn more about cookies and how we use them on this website and in our apps.</p>${buttons}</div></body></html>`;
    expect((await scan(html)).banners[0]).toEqual({ inShadowDom: false, consentText: true, labels: ["Accept all", "Reject all"] });
  });

  it("measures the banner and its buttons as the browser computed them: a cookie wall with a filled accept and a link-styled reject", async () => {
    const page = await context.newPage();
    try {
      await page.setViewport({ width: 1000, height: 800 });
      await page.setContent(
        `<!doctype html><html lang="en" style="overflow: hidden"><body style="margin: 0"><h1>Shop</h1>
        <div style="position: fixed; inset: 0; background: rgba(0, 0, 0, 0.6)">
          <div style="margin: 200px auto; width: 500px; background: #ffffff; padding: 20px">
            <p>We use cookies for analytics and advertising.</p>
            <button type="button" style="width: 200px; height: 48px; background: #0a7d2c; color: #ffffff; border: 0; font: 700 18px sans-serif">Accept all</button>
            <a href="#" style="color: #999999; font: 400 12px sans-serif">Reject all</a>
          </div>
        </div></body></html>`,
        { waitUntil: "load" },
      );
      const result = (await page.evaluate(bannerScanScript({ measure: true }))) as BannerScanResult;
      expect(result.page).toEqual({ width: 1000, height: 800, scrollLocked: true });
      const layout = result.banners[0]!.layout!;
      expect(layout.box).toEqual({ top: 0, left: 0, width: 1000, height: 800 });
      const [accept, reject] = layout.looks;
      expect(accept).toMatchObject({
        width: 200,
        height: 48,
        fontPx: 18,
        fontWeight: 700,
        color: [255, 255, 255, 1],
        ownBackground: [10, 125, 44, 1],
        link: false,
      });
      expect(reject).toMatchObject({
        fontPx: 12,
        color: [153, 153, 153, 1],
        background: [255, 255, 255, 1],
        ownBackground: null,
        bordered: false,
        link: true,
      });
      // Without `measure` the scan stays as cheap as before.
      expect((await page.evaluate(bannerScanScript())) as BannerScanResult).not.toHaveProperty("page");
    } finally {
      await page.close();
    }
  });
});
