import { afterAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, type LaunchedBrowser } from "../../src/browser/launch-browser.js";
import { resolveExecutable } from "../../src/browser/resolve-executable.js";
import { createPuppeteerScanner } from "../../src/index.js";
import { fixtureWebReach } from "@public-scan/fixture-web";

/**
 * The process model (`isolateSites`): by default a cross-site frame runs in its page's renderer, with
 * `isolateSites: true` in a renderer of its own, as in desktop Chrome; and a scan observes the frame's
 * requests, cookies and storage either way. The fixture web's Daily Courier embeds a YouTube video, whose
 * frame sets cookies and local storage on youtube.com before consent.
 */
const web = inject("fixtureWeb");
const courier = web.sites.find((site) => site.id === "daily-courier")!;
const launched: LaunchedBrowser[] = [];
afterAll(async () => {
  for (const browser of launched) await browser.close();
});

/** The page's frame targets once the Daily Courier has loaded in a browser launched with `isolateSites`. */
async function frameTargetsWith(isolateSites: boolean): Promise<string[]> {
  const browser = await launchBrowser({
    source: await resolveExecutable(),
    locale: "en-US",
    extraCaCerts: web.caCertPem,
    // This bare browser reaches the fixture web through Chromium's resolver; scans use the egress proxy.
    extraArgs: [`--host-resolver-rules=MAP * 127.0.0.1:${web.port}`],
    isolateSites,
  });
  launched.push(browser);
  const page = await browser.browser.newPage();
  await page.goto(courier.url, { waitUntil: "load" });
  await page.waitForFrame((frame) => frame.url().startsWith("https://www.youtube.com/embed/"), { timeout: 10_000 });
  const session = await page.createCDPSession();
  const { targetInfos } = await session.send("Target.getTargets");
  return targetInfos.filter((target) => target.type === "iframe").map((target) => new URL(target.url).host);
}

describe("site isolation", () => {
  it("keeps a scan's cross-site frames in its page's renderer by default, and isolates them when asked", async () => {
    expect(await frameTargetsWith(false)).toEqual([]);
    expect(await frameTargetsWith(true)).toContain("www.youtube.com");
  }, 60_000);

  it("observes a cross-site frame's requests, cookies and storage with and without it", async () => {
    const seen = await Promise.all(
      [false, true].map(async (isolateSites) => {
        const scanner = createPuppeteerScanner({
          ...fixtureWebReach(web),
          observeMs: 2500,
          isolateSites,
        });
        try {
          const observations = await scanner.scan({ url: courier.url });
          return {
            cookies: observations.cookies
              .filter((cookie) => cookie.domain === "youtube.com")
              .map((cookie) => cookie.name)
              .sort(),
            storage: observations.storage
              .filter((item) => item.originHost === "www.youtube.com")
              .map((item) => item.name)
              .sort(),
            frame: observations.frames.find((frame) => frame.host === "www.youtube.com")?.kind,
            requests: observations.requests.some((request) => request.host === "www.youtube.com" && request.resourceType === "subdocument"),
          };
        } finally {
          await scanner.close();
        }
      }),
    );
    expect(seen[0]).toEqual({ cookies: ["VISITOR_INFO1_LIVE", "YSC"], storage: ["yt-remote-device-id"], frame: "iframe", requests: true });
    expect(seen[1]).toEqual(seen[0]);
  }, 120_000);
});
