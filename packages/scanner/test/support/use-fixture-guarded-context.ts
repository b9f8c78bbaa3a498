import puppeteer, { type Browser } from "puppeteer-core";
import { afterAll, beforeAll, inject } from "vitest";
import { createEgressGuard, parseResolveRules } from "../../src/network/index.js";
import { openGuardedContext, type GuardedContext } from "../../src/visit/open-guarded-context.js";

/**
 * A guarded context on the shared Chromium for the file's tests, behind an egress guard with the fixture
 * web's resolve rules and private hosts (as a scan of it would have): opened before the tests, closed and
 * disconnected after them. Call `current()` inside a test.
 */
export function useFixtureGuardedContext(): { current: () => GuardedContext } {
  const web = inject("fixtureWeb");
  let browser: Browser | undefined;
  let guarded: GuardedContext | undefined;
  beforeAll(async () => {
    browser = await puppeteer.connect({ browserWSEndpoint: inject("browserWSEndpoint") });
    guarded = await openGuardedContext({
      browser,
      guard: createEgressGuard({ resolve: parseResolveRules(web.resolveRules), allowPrivateTargets: web.allowPrivateTargets }),
    });
  });
  afterAll(async () => {
    await guarded?.close();
    await browser?.disconnect();
  });
  return {
    current: () => {
      if (guarded === undefined) throw new Error("The guarded context opens in beforeAll.");
      return guarded;
    },
  };
}
