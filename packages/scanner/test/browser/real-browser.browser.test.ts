import { existsSync } from "node:fs";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createBrowserPool } from "../../src/browser/browser-pool.js";
import { launchBrowser, type LaunchedBrowser } from "../../src/browser/launch-browser.js";
import { measureProcessTree } from "../../src/browser/measure-process-tree.js";
import { resolveExecutable } from "../../src/browser/resolve-executable.js";
import { presentAsRegularBrowser } from "../../src/visit/present-as-regular-browser.js";

/**
 * What only a real browser can show: it presents as a regular Chrome, a crashed browser is replaced, and
 * temporary profiles are removed. These tests launch their own browser (the crash test kills it).
 */
describe("a real browser", () => {
  it("presents as a regular desktop Chrome, not automation", async () => {
    const launched = await launchBrowser({ source: { kind: "remote", browserWSEndpoint: inject("browserWSEndpoint") }, locale: "en-US" });
    const context = await launched.browser.createBrowserContext();
    try {
      const page = await context.newPage();
      const session = await page.createCDPSession();
      const userAgent = (await launched.browser.userAgent()).replace("HeadlessChrome", "Chrome");
      await presentAsRegularBrowser(session, { userAgent, locale: "de-DE", kind: "page" });
      const seen = await page.evaluate(() => ({
        webdriver: navigator.webdriver,
        userAgent: navigator.userAgent,
        brands:
          (navigator as unknown as { userAgentData?: { brands: { brand: string }[] } }).userAgentData?.brands.map((brand) => brand.brand) ??
          [],
        language: navigator.language,
      }));
      expect(seen.webdriver).toBe(false);
      expect(seen.userAgent).not.toMatch(/Headless/i);
      expect(seen.brands.join(" ")).not.toMatch(/Headless/i);
      expect(seen.language).toBe("de-DE");
    } finally {
      await context.close();
      await launched.close();
    }
  });

  describe("pool with its own browser", () => {
    const launchedBrowsers: LaunchedBrowser[] = [];
    afterAll(async () => {
      for (const launched of launchedBrowsers) await launched.close();
    });

    it("relaunches after the browser process is killed, and removes each temporary profile", async () => {
      const source = await resolveExecutable();
      const pool = createBrowserPool({
        concurrency: 1,
        launch: async () => {
          const launched = await launchBrowser({ source, locale: "en-US" });
          launchedBrowsers.push(launched);
          return launched;
        },
      });
      const profileOf = (launched: LaunchedBrowser) => launched.profileDir;
      const version = await pool.use((browser) => browser.version());
      expect(version).toMatch(/Chrome|Chromium/);
      const first = launchedBrowsers[0]!;
      const firstProfile = profileOf(first);
      expect(firstProfile && existsSync(firstProfile)).toBe(true);

      const disconnected = new Promise((resolve) => first.browser.once("disconnected", resolve));
      process.kill(first.pid!, "SIGKILL");
      await disconnected;
      await expect(pool.use((browser) => browser.version())).resolves.toMatch(/Chrome|Chromium/);
      expect(pool.stats().launches).toBe(2);

      await pool.close();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(existsSync(firstProfile!)).toBe(false);
      expect(existsSync(profileOf(launchedBrowsers[1]!)!)).toBe(false);
    }, 60_000);

    it("measures the browser's whole process tree, and recycles it past a memory bound", async () => {
      const source = await resolveExecutable();
      const measured: number[] = [];
      const pool = createBrowserPool({
        concurrency: 1,
        // Any real browser passes 1 MB: the first task's end recycles it.
        recycleAboveBytes: 1024 * 1024,
        memoryOf: async (launched) => {
          const bytes = await measureProcessTree(launched.pid!);
          if (bytes !== null) measured.push(bytes);
          return bytes;
        },
        launch: async () => {
          const launched = await launchBrowser({ source, locale: "en-US" });
          launchedBrowsers.push(launched);
          return launched;
        },
      });
      await pool.use(async (browser) => {
        const page = await browser.newPage();
        await page.goto("data:text/html,<p>measured</p>");
      });
      await expect.poll(() => pool.stats().recycles).toBe(1);
      // The browser, its zygotes, renderer and utilities: tens of MB at least, less than the machine.
      expect(measured[0]).toBeGreaterThan(20 * 1024 * 1024);
      expect(measured[0]).toBeLessThan(8 * 1024 * 1024 * 1024);
      const first = launchedBrowsers.at(-1)!;
      await expect.poll(() => measureProcessTree(first.pid!), { timeout: 10_000 }).toBeNull();
      await pool.use((browser) => browser.version());
      expect(pool.stats().launches).toBe(2);
      await pool.close();
    }, 60_000);
  });
});
