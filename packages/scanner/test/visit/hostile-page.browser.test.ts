import { createServer, type Server } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { AddressInfo } from "node:net";
import puppeteer from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { resolveExecutable } from "../../src/browser/resolve-executable.js";
import { createLocalSiteScanner } from "../support/create-local-site-scanner.js";
import { createEgressGuard } from "../../src/network/index.js";
import { openGuardedContext } from "../../src/visit/open-guarded-context.js";
import { hostileTcString } from "../support/hostile-tc-string.js";
import { useFixtureGuardedContext } from "../support/use-fixture-guarded-context.js";

/**
 * A hostile page must neither stall a scan nor exhaust the browser that other scans share: its dialogs
 * are dismissed, its windows blocked (and closed, where a browser lets one through), its downloads denied,
 * and what it tried is counted.
 */
const HOSTILE_PAGE = `<!doctype html><title>Hostile</title>
<script>
  alert("first");
  confirm("second?");
  let opened = 0;
  const timer = setInterval(() => { window.open("/popup?n=" + opened); if (++opened >= 200) clearInterval(timer); }, 2);
</script>
<a id="file" href="/file.bin" download>file</a>
<script>document.getElementById("file").click(); location.hash = "#done";</script>
<p>Hostile page</p>`;

/** A CMP API that answers with a TC string built to stall a decoder that expands vendor ranges. */
const HOSTILE_TCF_PAGE = `<!doctype html><title>TCF</title>
<script>
  window.__tcfapi = (command, version, callback) => callback({ tcString: ${JSON.stringify(hostileTcString(1500))}, gdprApplies: true, eventStatus: "tcloaded" }, true);
</script><p>Consent API</p>`;

let server: Server;
let port: number;
const downloads: string[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url?.startsWith("/file.bin")) {
      downloads.push(request.url);
      response.writeHead(200, { "content-type": "application/octet-stream", "content-disposition": "attachment; filename=x.bin" });
      response.end("x".repeat(1024));
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(request.url === "/" ? HOSTILE_PAGE : request.url === "/tcf" ? HOSTILE_TCF_PAGE : "<p>popup</p>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("a hostile page", () => {
  it("neither stalls the scan with dialogs nor opens windows in the shared browser", async () => {
    const browser = await puppeteer.connect({ browserWSEndpoint: inject("browserWSEndpoint") });
    const popups: string[] = [];
    const onTarget = (target: { type(): string; opener(): unknown; url(): string }) => {
      if (target.type() === "page" && target.opener() !== undefined) popups.push(target.url());
    };
    browser.on("targetcreated", onTarget);
    const scanner = createLocalSiteScanner({ host: "hostile.test", port });
    try {
      const observations = await scanner.scan({ url: `http://hostile.test:${port}/` });
      expect(observations.navigation.pageKind).toBe("html");
      expect(observations.pageBehaviour?.dialogsDismissed).toBeGreaterThanOrEqual(2);
      // Not one of the 200 windows opens in the shared browser (--block-new-web-contents).
      expect(popups).toEqual([]);
      expect(observations.pageBehaviour?.popupsClosed).toBe(0);
    } finally {
      browser.off("targetcreated", onTarget);
      await scanner.close();
      await browser.disconnect();
    }
  });

  it("cannot freeze the service with a TC string that a range-expanding decoder chokes on", async () => {
    const scanner = createLocalSiteScanner({ host: "hostile.test", port });
    // Every request of the service shares this thread: a decode that holds it holds them all. The IAB
    // decoder spends seconds on this string; the bounded one, well under a millisecond.
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    try {
      const observations = await scanner.scan({ url: `http://hostile.test:${port}/tcf` });
      expect(observations.consent?.tcf).toMatchObject({ tcString: "decoded", decoded: { vendorConsents: 65_535 } });
    } finally {
      delay.disable();
      await scanner.close();
    }
    // Generous for a shared, noisy machine; the unbounded decoder blocked the thread for several seconds.
    expect(delay.max / 1e6).toBeLessThan(1500);
  });

  describe("in a guarded context", () => {
    const guarded = useFixtureGuardedContext();

    it("has each dialog dismissed and counted", async () => {
      const page = await guarded.current().context.newPage();
      // An unanswered alert would block this evaluate forever.
      await page.evaluate(() => alert("blocking?"));
      await page.evaluate(() => confirm("and this?"));
      expect(guarded.current().behaviour.dialogsDismissed).toBe(2);
      await page.close();
    });

    it("denies downloads", async () => {
      const page = await guarded.current().context.newPage();
      const session = await page.createCDPSession();
      await session.send("Page.enable");
      const ended = new Promise<string>((resolve) =>
        session.on("Page.downloadProgress", (event: { state: string }) => {
          if (event.state !== "inProgress") resolve(event.state);
        }),
      );
      await page.goto(`data:text/html,<a id="f" href="data:application/octet-stream,xx" download="f.bin">f</a>`);
      await page.click("#f");
      expect(await ended).toBe("canceled");
      await page.close();
    });
  });

  it("has each window that gets through closed and counted (a browser without the scanner's popup flag)", async () => {
    const source = await resolveExecutable();
    if (source.kind === "remote") throw new Error("this test starts its own browser");
    const browser = await puppeteer.launch({
      executablePath: source.path,
      headless: source.kind === "serverless" ? "shell" : true,
      // A test-only browser that loads nothing from the network; root cannot start Chromium's sandbox itself.
      args: process.getuid?.() === 0 ? ["--no-sandbox"] : [],
    });
    const guard = createEgressGuard({ resolve: [], allowPrivateTargets: [] });
    const guarded = await openGuardedContext({ browser, guard });
    try {
      const page = await guarded.context.newPage();
      await page.evaluate(() => {
        for (let i = 0; i < 5; i++) window.open("about:blank");
      });
      await expect.poll(() => guarded.behaviour.popupsClosed).toBe(5);
      await expect.poll(async () => (await guarded.context.pages()).length).toBe(1);
    } finally {
      await guarded.close();
      await browser.close();
    }
  });
});
