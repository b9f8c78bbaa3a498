import { describe, expect, it } from "vitest";
import { CHANGING_HOST, changingSiteUrl, switchChangingSite } from "../src/index.js";
import { fixtureRequest } from "./support/fixture-request.js";
import { useFixtureWeb } from "./support/start-test-fixture-web.js";

describe("the changing site", () => {
  const web = useFixtureWeb();
  const page = async (lane: string) => {
    const reply = await fixtureRequest({
      port: web().port,
      host: CHANGING_HOST,
      path: new URL(changingSiteUrl(lane)).pathname,
      ca: web().caCertPem,
    });
    expect(reply.status).toBe(200);
    return reply.text;
  };

  it("serves a lane's next version once switched, adding Meta's pixel, and switches back", async () => {
    expect(await page("a")).not.toContain("connect.facebook.net");
    await switchChangingSite(web(), "a", "next");
    expect(await page("a")).toContain('<script async src="https://connect.facebook.net/en_US/fbevents.js"></script>');
    // Another lane is untouched.
    expect(await page("b")).not.toContain("connect.facebook.net");
    await switchChangingSite(web(), "a", "current");
    expect(await page("a")).not.toContain("connect.facebook.net");
  });

  it("refuses a switch without a lane or a known version", async () => {
    await expect(switchChangingSite(web(), "../x", "next")).rejects.toThrow(/answered 400/);
    await expect(switchChangingSite(web(), "a", "later" as never)).rejects.toThrow(/answered 400/);
  });
});
