import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import puppeteer, { type Browser, type BrowserContext } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { closePage } from "../../src/visit/close-page.js";

/**
 * `closePage` on pages caught mid-navigation, in the shared Chromium. A page that refreshes itself every
 * 0.3 s is closed at varied moments of its reload cycle: a plain `page.close()` hung on about half of these
 * (Chromium drops the close request while a navigation commits), so each close must finish within its
 * bound and the tab must really be gone from the context.
 */
describe("closePage", () => {
  let browser: Browser;
  let context: BrowserContext;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.setHeader("content-type", "text/html; charset=utf-8");
      response.end('<!doctype html><meta http-equiv="refresh" content="0.3"><title>refreshing</title><p>Refreshing.</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    browser = await puppeteer.connect({ browserWSEndpoint: inject("browserWSEndpoint") });
    context = await browser.createBrowserContext();
  });

  afterAll(async () => {
    await context?.close();
    // The browser is shared by the whole run: disconnect, never close it.
    await browser?.disconnect();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("closes a page that keeps reloading itself, whenever in its cycle the close comes", async () => {
    const waitsMs = [0, 50, 100, 150, 200, 250, 300, 350, 400, 450, 500, 550];
    for (const waitMs of waitsMs) {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: "load" });
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      const started = Date.now();
      expect(await closePage(page, { waitMs: 1000, tries: 8 })).toBe(true);
      // The tries' own bound (8 x 1 s) plus slack for a loaded machine; a hung close would be caught here.
      expect(Date.now() - started).toBeLessThan(12_000);
      expect(page.isClosed()).toBe(true);
      expect(await context.pages()).not.toContain(page);
    }
    expect(await context.pages()).toHaveLength(0);
  });

  it("answers at once for a page already closed", async () => {
    const page = await context.newPage();
    await page.close();
    expect(await closePage(page)).toBe(true);
  });
});
