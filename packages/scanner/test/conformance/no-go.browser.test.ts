import { afterAll, describe, expect, inject, it } from "vitest";
import { createPuppeteerScanner } from "../../src/index.js";

/** Pages that are not the site end as a no-go with the right reason, and the scan still completes. */
const web = inject("fixtureWeb");
const bakery = web.sites.find((site) => site.id === "quiet-bakery")!;
const scanner = createPuppeteerScanner({
  browserWSEndpoint: inject("browserWSEndpoint"),
  remoteBrowserTrusted: true,
  resolve: web.resolveRules,
  allowPrivateTargets: web.allowPrivateTargets,
  observeMs: 200,
});
afterAll(() => scanner.close());

describe("no-go pages", () => {
  it.each([
    { path: "challenge", expected: { pageKind: "bot_challenge", noGoReason: "bot_challenge", httpStatus: 503 } },
    { path: "opening-hours.json", expected: { pageKind: "non_html", noGoReason: "non_html_target", httpStatus: 200 } },
    { path: "no-such-page", expected: { pageKind: "error_page", noGoReason: "http_error_status", httpStatus: 404 } },
  ])("/$path is $expected.pageKind", async ({ path, expected }) => {
    const observations = await scanner.scan({ url: `${bakery.url}${path}` });
    expect(observations.navigation).toMatchObject(expected);
    expect(JSON.stringify(observations)).not.toContain("CANARY");
  });

  it("records the redirect chain by host and status", async () => {
    const observations = await scanner.scan({ url: `http://${bakery.host}/` });
    expect(observations.navigation.redirects).toEqual([{ host: bakery.host, status: 301 }]);
    expect(observations.navigation.finalUrl).toBe(`https://${bakery.host}/`);
  });
});
