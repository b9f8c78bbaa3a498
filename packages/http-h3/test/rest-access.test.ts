import { afterEach, describe, expect, it } from "vitest";
import { createCheckedClient } from "./support/create-checked-client.js";
import { createRecordedScanner, createTestRest } from "./support/create-test-rest.js";
import { REST_HOSTS } from "@public-scan/test-support/rest-hosts";

type Body = Record<string, unknown>;
const [inProcess, socket] = REST_HOSTS as [(typeof REST_HOSTS)[number], (typeof REST_HOSTS)[number]];

let cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups) await cleanup();
  cleanups = [];
});

async function start(host = inProcess, options: Parameters<typeof createTestRest>[0] = {}) {
  const rest = await createTestRest(options);
  const started = await host.start(rest.app);
  cleanups.push(started.stop, rest.close);
  return { rest, call: createCheckedClient(started.send) };
}

describe("anonymous scan quota over REST", () => {
  it("allows 20 new scans per client address per UTC day, then 429 with machine-readable details", async () => {
    const { call } = await start();
    for (let index = 0; index < 20; index += 1) {
      const created = await call("POST", "/api/v2/scans", { json: { url: `https://site-${index}.example.com/` } });
      expect(created.status).toBe(202);
      expect(created.body.anonymousQuotaRemaining).toBe(19 - index);
    }
    const refused = await call<{ error: Body }>("POST", "/api/v2/scans", { json: { url: "https://site-20.example.com/" } });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: "rate_limited",
      retryable: true,
      rateLimit: { profile: "anonymous_scan", scope: "ip", window: "utc_day", limit: 20, usage: 20, requestedUnits: 1 },
    });
    expect(Number(refused.headers.get("retry-after"))).toBe(refused.body.error.retryAfterSeconds);
    // Another address has its own allowance; reuse of a known target stays free for the first one.
    expect(
      (await call("POST", "/api/v2/scans", { json: { url: "https://site-20.example.com/" }, clientAddress: "198.51.100.9" })).status,
    ).toBe(202);
    expect((await call("POST", "/api/v2/scans", { json: { url: "https://site-0.example.com/" } })).body.quotaConsumed).toBe(false);
  });

  it("says a key's new scan consumed no quota, as no allowance moves; an anonymous one did", async () => {
    const { rest, call } = await start();
    const key = await rest.issueKey("support", ["scan:read", "scan:create"]);
    const keyed = await call("POST", "/api/v2/scans", { token: key, json: { url: "https://keyed-quota.example.com/" } });
    expect(keyed.status).toBe(202);
    expect(keyed.body).toMatchObject({ executionMode: "new_scan", quotaConsumed: false });
    const anonymous = await call("POST", "/api/v2/scans", { json: { url: "https://anonymous-quota.example.com/" } });
    expect(anonymous.body).toMatchObject({ executionMode: "new_scan", quotaConsumed: true, anonymousQuotaRemaining: 19 });
  });

  it("ignores X-Forwarded-For unless the peer is a trusted proxy", async () => {
    const { call } = await start(socket);
    const first = await call("POST", "/api/v2/scans", {
      json: { url: "https://x1.example.com/" },
      headers: { "x-forwarded-for": "192.0.2.1" },
    });
    const second = await call("POST", "/api/v2/scans", {
      json: { url: "https://x2.example.com/" },
      headers: { "x-forwarded-for": "192.0.2.2" },
    });
    // Both counted against the socket peer (127.0.0.1): a client cannot pick its own identity.
    expect([first.body.anonymousQuotaRemaining, second.body.anonymousQuotaRemaining]).toEqual([19, 18]);
  });

  it("believes a trusted proxy's X-Forwarded-For", async () => {
    const { call } = await start(socket, { options: { trustedProxies: ["loopback"] } });
    const first = await call("POST", "/api/v2/scans", {
      json: { url: "https://y1.example.com/" },
      headers: { "x-forwarded-for": "192.0.2.1" },
    });
    const second = await call("POST", "/api/v2/scans", {
      json: { url: "https://y2.example.com/" },
      headers: { "x-forwarded-for": "192.0.2.2" },
    });
    expect([first.body.anonymousQuotaRemaining, second.body.anonymousQuotaRemaining]).toEqual([19, 19]);
  });
});

describe("weighted read limits over REST", () => {
  it("refuses the 121st read of one scan by one caller in 10 minutes, before doing any work", async () => {
    const { rest, call } = await start();
    const reader = await rest.issueKey("support", ["scan:read"]);
    const created = await call("POST", "/api/v2/scans", { json: { url: "https://limits.example.com/" } });
    const scanId = created.body.scanId as string;
    for (let polls = 0; (await call("GET", `/api/v2/scans/${scanId}/status`)).body.type !== "service_scan"; polls += 1) {
      expect(polls).toBeLessThan(200);
    }
    // 30 Pulse reads (4 units each) use the caller+scan allowance of 120 units.
    for (let index = 0; index < 30; index += 1)
      expect((await call("GET", `/api/v2/scans/${scanId}/pulse`, { token: reader })).status).toBe(200);
    const refused = await call<{ error: Body }>("GET", `/api/v2/scans/${scanId}`, { token: reader });
    expect(refused.status).toBe(429);
    expect(refused.body.error.rateLimit).toMatchObject({
      policyVersion: "2026-08-14",
      profile: "weighted_read",
      scope: "caller_resource",
      window: "PT10M",
      limit: 120,
      usage: 120,
      requestedUnits: 1,
    });
  });

  it("counts reads of a scan still running as status polls, so the report page and result routes can be polled", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { rest, call } = await start(inProcess, { scanner: createRecordedScanner({ hold: () => held }) });
    const reader = await rest.issueKey("support", ["scan:read"]);
    const created = await call("POST", "/api/v2/scans", { json: { url: "https://running.example.com/" } });
    const scanId = created.body.scanId as string;
    // 40 Pulse reads would be 160 units of the completed-resource policy (limit 120); as polls they are 40.
    for (let index = 0; index < 40; index += 1)
      expect((await call("GET", `/api/v2/scans/${scanId}/pulse`, { token: reader })).status).toBe(202);
    for (let index = 0; index < 40; index += 1) {
      const page = await rest.app.fetch(Object.assign(new Request(`http://in-process/reports/${scanId}`), { ip: "203.0.113.10" }));
      expect(page.status).toBe(202);
    }
    release();
  });

  it("leaves the report page out of the scan-wide limit: 40 addresses reading it to their own limit do not lock it for others", async () => {
    const { rest, call } = await start();
    const created = await call("POST", "/api/v2/scans", { json: { url: "https://shared-report.example.com/" } });
    const scanId = created.body.scanId as string;
    for (let polls = 0; (await call("GET", `/api/v2/scans/${scanId}/status`)).body.type !== "service_scan"; polls += 1) {
      expect(polls).toBeLessThan(200);
    }
    const read = (ip: string) => rest.app.fetch(Object.assign(new Request(`http://in-process/reports/${scanId}`), { ip }));
    // 40 addresses x 30 reads x 4 units = 4,800 units: past the scan-wide 4,000 that locked the page before.
    for (let address = 1; address <= 40; address += 1) {
      for (let index = 0; index < 30; index += 1) expect((await read(`198.51.${address}.7`)).status).toBe(200);
    }
    expect((await read("192.0.2.200")).status).toBe(200);
    // Each address still has its own limit.
    expect((await read("198.51.1.7")).status).toBe(429);
  });

  it("caps a self-serve key at 60 requests per minute", async () => {
    const { rest, call } = await start();
    const key = await rest.issueKey("self_serve");
    const unknown = "0b7e9f1e-3c52-4d8e-9a51-6f7d2c1b9e40";
    const created = await call("POST", "/api/v2/scans", { json: { url: "https://perminute.example.com/" } });
    const scanId = created.body.scanId as string;
    // Every request counts, whatever it ends in: 20 misses (404), 20 refusals of scope (403), 20 reads.
    for (let index = 0; index < 20; index += 1)
      expect((await call("GET", `/api/v2/scans/${unknown}/status`, { token: key })).status).toBe(404);
    for (let index = 0; index < 20; index += 1) {
      expect((await call("POST", "/api/v2/scans", { token: key, json: { url: "https://a.example.com/" } })).status).toBe(403);
    }
    for (let index = 0; index < 20; index += 1)
      expect((await call("GET", `/api/v2/scans/${scanId}/status`, { token: key })).status).toBe(200);
    const refused = await call<{ error: Body }>("GET", `/api/v2/scans/${scanId}/status`, { token: key });
    expect(refused.status).toBe(429);
    expect(refused.body.error.rateLimit).toMatchObject({ profile: "api_key", window: "PT1M", limit: 60 });
    // The auth check is side-effect free: it neither counts nor is refused.
    expect((await call("GET", "/api/v2/auth/check", { token: key })).status).toBe(200);
  });
});

describe("self-serve key requests over REST", () => {
  it("issues a key to a verified, non-disposable signed-in user, shown once", async () => {
    const { call } = await start();
    const issued = await call("POST", "/api/v2/keys/request", { headers: { cookie: "session=alice" }, json: { name: "ci" } });
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({ type: "service_api_key", scopes: ["scan:read", "mcp"] });
    const key = issued.body.key as string;
    expect(key.startsWith("svc_ro_")).toBe(true);
    expect((await call("GET", "/api/v2/auth/check", { token: key })).status).toBe(200);
  });

  it("answers 401 without a session, 403 for unverified or disposable emails, 429 past the cap, and audits each", async () => {
    const { rest, call } = await start();
    expect((await call("POST", "/api/v2/keys/request")).status).toBe(401);
    expect((await call("POST", "/api/v2/keys/request", { headers: { cookie: "session=unverified" } })).status).toBe(403);
    expect((await call("POST", "/api/v2/keys/request", { headers: { cookie: "session=disposable" } })).status).toBe(403);
    for (let index = 0; index < 3; index += 1) {
      expect((await call("POST", "/api/v2/keys/request", { headers: { cookie: "session=alice" } })).status).toBe(201);
    }
    const capped = await call<{ error: Body }>("POST", "/api/v2/keys/request", { headers: { cookie: "session=alice" } });
    expect(capped.status).toBe(429);
    expect(capped.body.error.rateLimit).toMatchObject({ profile: "key_issuance", scope: "email" });
    const audit = await rest.audit.list();
    expect(audit.filter((event) => event.action === "key_issued")).toHaveLength(3);
    expect(audit.filter((event) => event.action === "key_request_denied")).toHaveLength(4);
    expect(JSON.stringify(audit)).not.toContain("alice@example.com");
  });

  it("refuses cross-site key requests (CSRF) before touching the session", async () => {
    const { rest, call } = await start();
    const crossSite = await call("POST", "/api/v2/keys/request", { headers: { cookie: "session=alice", "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    const foreignOrigin = await call("POST", "/api/v2/keys/request", {
      headers: { cookie: "session=alice", origin: "https://evil.example" },
    });
    expect(foreignOrigin.status).toBe(403);
    const sameOrigin = await call("POST", "/api/v2/keys/request", {
      headers: { cookie: "session=alice", origin: "https://scan.example.org", "sec-fetch-site": "same-origin" },
    });
    expect(sameOrigin.status).toBe(201);
    expect((await rest.audit.list()).filter((event) => event.action === "key_issued")).toHaveLength(1);
    expect((await rest.audit.list()).filter((event) => event.reason === "cross_site")).toHaveLength(2);
  });

  it("audits a key request whose body cannot be read (400)", async () => {
    const { rest, call } = await start();
    const malformed = await call("POST", "/api/v2/keys/request", {
      headers: { cookie: "session=alice", "content-type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect((await rest.audit.list()).map((event) => event.reason)).toEqual(["invalid_request"]);
  });
});
