import puppeteer from "puppeteer-core";
import { describe, expect, inject, it } from "vitest";
import { createFixtureScanner } from "../support/create-fixture-scanner.js";

/**
 * A full scan that runs its phases one after the other (a busy scanner: no free page slot to borrow) closes
 * its first visit's browser context once the reject phase is done, before the accept and GPC phases open
 * theirs: kept open beside them, it would hold a page the slots do not count. Watched from a second
 * connection to the shared browser: the context whose page shows this test's own URL must be gone when the
 * accept phase starts. (With free slots the phases run beside the first visit on purpose, each in a slot:
 * parallel-phases.browser.test.ts.)
 */
const web = inject("fixtureWeb");

describe("the first visit", () => {
  it("is closed before the accept phase's fresh visit opens", async () => {
    const watcher = await puppeteer.connect({ browserWSEndpoint: inject("browserWSEndpoint") });
    const session = await watcher.target().createCDPSession();
    // A query only this test uses, so no other test's page in the shared browser matches it.
    const url = `${web.sites.find((site) => site.id === "daily-courier")!.url}?release-check`;
    const contextsShowing = async () =>
      (await session.send("Target.getTargets")).targetInfos
        .filter((target) => target.type === "page" && target.url === url)
        .map((target) => target.browserContextId);
    const liveContexts = async () => (await session.send("Target.getBrowserContexts")).browserContextIds;
    const checks: Promise<{ phase: number; firstVisitLive: boolean }>[] = [];
    let firstVisit: Promise<string | undefined> | undefined;
    // One page slot: nothing to borrow, so the phases run one after the other.
    const scanner = createFixtureScanner({ observeMs: 500, phases: "full", concurrency: 1 });
    try {
      const observations = await scanner.scan({
        url,
        onProgress: ({ progressPercent }) => {
          // 50: the first visit has loaded; 68 and 76: the accept and the GPC phase begin.
          if (progressPercent === 50) firstVisit = contextsShowing().then((ids) => ids[0]);
          if (progressPercent === 68 || progressPercent === 76) {
            checks.push(
              Promise.all([firstVisit, liveContexts()]).then(([id, live]) => ({
                phase: progressPercent,
                firstVisitLive: live.includes(id!),
              })),
            );
          }
        },
      });
      expect(await firstVisit).toEqual(expect.any(String));
      // The choices and GPC all ran (the next pages follow their choices; whether the site has one is not this test's).
      expect(observations.phases?.filter((phase) => !phase.phase.endsWith("next_page")).map((phase) => phase.status)).toEqual([
        "completed",
        "completed",
        "completed",
        "completed",
      ]);
      expect(await Promise.all(checks)).toEqual([
        { phase: 68, firstVisitLive: false },
        { phase: 76, firstVisitLive: false },
      ]);
    } finally {
      await scanner.close();
      await watcher.disconnect();
    }
  }, 60_000);
});
