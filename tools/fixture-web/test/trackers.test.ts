import { describe, expect, it } from "vitest";
import { CANARY } from "../src/index.js";
import { TRACKER_VENDORS } from "../src/trackers/tracker-vendors.js";
import { fixtureRequest, setCookiesOf } from "./support/fixture-request.js";
import { useFixtureWeb } from "./support/start-test-fixture-web.js";
import { TRACKER_REQUESTS } from "./support/tracker-requests.js";

describe("simulated trackers", () => {
  const web = useFixtureWeb();
  const send = (request: { host: string; path: string; method?: string; headers?: Record<string, string>; body?: string }) =>
    fixtureRequest({ port: web().port, ca: web().caCertPem, ...request });

  it("answer every request the fixture sites make with the real status and content type", async () => {
    for (const request of TRACKER_REQUESTS) {
      const reply = await send({
        ...request,
        ...(request.method === "POST" ? { body: "{}", headers: { "content-type": "text/plain" } } : {}),
      });
      const label = `${request.method ?? "GET"} https://${request.host}${request.path}`;
      expect(reply.status, label).toBe(request.status);
      if (request.contentType !== undefined) expect(reply.headers["content-type"], label).toMatch(new RegExp(`^${request.contentType}`));
      for (const call of request.calls ?? []) expect(reply.text, `${label} calls ${call}`).toContain(call);
    }
  });

  it("cover every tracker host with at least one request", () => {
    const covered = new Set(TRACKER_REQUESTS.map((request) => request.host));
    expect(Object.keys(TRACKER_VENDORS).filter((host) => !covered.has(host))).toEqual([]);
  });

  it("serve their scripts with the canary filled in and no placeholder left", async () => {
    const scripts = TRACKER_REQUESTS.filter((request) => request.contentType === "text/javascript");
    expect(scripts.length).toBeGreaterThanOrEqual(9);
    for (const request of scripts) {
      const { text } = await send(request);
      expect(text, request.path).not.toMatch(/__[A-Z][A-Z0-9_]*__/);
      // Every script that writes a cookie or a storage key builds the value from the canary.
      if (/document\.cookie\s*=|\.setItem\(/.test(text)) expect(text, request.path).toContain(`"${CANARY}"`);
    }
  });

  it("set DoubleClick's IDE as a third-party cookie: Domain=.doubleclick.net, Secure, SameSite=None, canary in the value", async () => {
    const reply = await send({ host: "ad.doubleclick.net", path: `/activity;src=8675309;type=pagev0;cat=dcour0;ord=1?auiddc=${CANARY}` });
    const [cookie, ...others] = setCookiesOf(reply);
    expect(others).toEqual([]);
    expect(cookie).toMatch(new RegExp(`^IDE=[^;]*${CANARY}[^;]*;`));
    expect(cookie).toContain("; Domain=.doubleclick.net;");
    expect(cookie).toContain("; Secure");
    expect(cookie).toContain("; SameSite=None");
  });

  it("set IDE only for a Floodlight hit whose Consent Mode gcs grants ad_storage, or that carries no gcs", async () => {
    const hit = (query: string) =>
      send({ host: "ad.doubleclick.net", path: `/activity;src=4417023;type=visit0;cat=alpin0;ord=1?auiddc=${CANARY}${query}` });
    const names = async (query: string) => setCookiesOf(await hit(query)).map((cookie) => cookie.split("=")[0]);
    expect(await names("")).toEqual(["IDE"]);
    expect(await names("&gcs=G111&gcd=13r3r3r3r5l1&npa=0")).toEqual(["IDE"]);
    expect(await names("&gcs=G110&gcd=13t3p3p3p5l1&npa=1")).toEqual(["IDE"]);
    for (const query of ["&gcs=G100&gcd=13p3p3p3p5l1&npa=1", "&gcs=G101&gcd=13q3r3q3q5l1&npa=1", "&gcs=G1--"]) {
      const reply = await hit(query);
      expect(reply.status, query).toBe(200);
      expect(reply.headers["content-type"], query).toBe("image/gif");
      expect(setCookiesOf(reply), query).toEqual([]);
    }
  });

  it("set YouTube's YSC (session) and VISITOR_INFO1_LIVE (persistent) on .youtube.com from the embed page, once", async () => {
    const first = await send({ host: "www.youtube.com", path: `/embed/M7lc1UVf-VE?si=${CANARY}` });
    const cookies = setCookiesOf(first);
    expect(cookies.map((cookie) => cookie.split("=")[0])).toEqual(["YSC", "VISITOR_INFO1_LIVE"]);
    for (const cookie of cookies) {
      expect(cookie.split(";")[0]).toContain(CANARY);
      expect(cookie).toContain("; Domain=.youtube.com;");
      expect(cookie).toContain("; SameSite=None");
    }
    expect(cookies[0]).not.toContain("Max-Age");
    expect(cookies[1]).toContain("Max-Age=15552000");
    expect(first.text).toContain('data-video-id="M7lc1UVf-VE"');

    const again = await send({ host: "www.youtube.com", path: "/embed/M7lc1UVf-VE", headers: { cookie: "YSC=a; VISITOR_INFO1_LIVE=b" } });
    expect(setCookiesOf(again)).toEqual([]);
  });

  it("answer CORS preflights and echo the calling origin with credentials, as the collection endpoints do", async () => {
    const origin = "https://www.metrics-hub.test";
    const preflight = await send({
      host: "api.segment.io",
      path: "/v1/p",
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(origin);
    expect(preflight.headers["access-control-allow-credentials"]).toBe("true");
    const post = await send({
      host: "api.segment.io",
      path: "/v1/p",
      method: "POST",
      headers: { origin, "content-type": "text/plain" },
      body: "{}",
    });
    expect(JSON.parse(post.text)).toEqual({ success: true });
  });

  it("answer 404 for paths the real hosts would not serve", async () => {
    for (const [host, path] of [
      ["www.googletagmanager.com", "/gtm.js"],
      ["static.hotjar.com", "/c/hotjar-abc.js"],
      ["www.youtube.com", "/embed/too-short"],
      ["cdn.segment.com", "/v1/projects/x/settings"],
      ["widget.intercom.io", "/widget/not-an-app-id"],
    ] as const) {
      expect((await send({ host, path })).status, `${host}${path}`).toBe(404);
    }
  });

  it("refuse methods a route does not take", async () => {
    expect((await send({ host: "api.segment.io", path: "/v1/p" })).status).toBe(404);
    expect((await send({ host: "www.quiet-bakery.test", path: "/", method: "POST", body: "x" })).status).toBe(405);
  });
});
