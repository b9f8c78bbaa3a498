import { createHash, createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { IssuedApiKeySchema } from "../../src/contract/index.js";
import { ServiceError } from "../../src/errors/service-error.js";
import { isDisposableEmail } from "../../src/keys/is-disposable-email.js";
import { networkOf } from "../../src/limits/to-requester-id.js";
import { AUDITED_DENIALS_PER_NETWORK_HOUR, requestReadOnlyKey, type RequestReadOnlyKeyDeps } from "../../src/keys/request-read-only-key.js";
import { createMemoryCounterStore } from "../../src/limits/create-memory-counter-store.js";
import type { DashboardSession } from "../../src/ports/session-resolver.js";
import { createMemoryAuditLog } from "../../src/stores/create-memory-audit-log.js";
import { createMemoryKeyStore } from "../../src/stores/create-memory-key-store.js";

/** Sessions by cookie value, as a host's identity provider would resolve them. */
const SESSIONS: Record<string, DashboardSession> = {
  "session=alice": { email: "alice@example.org", emailVerified: true },
  "session=bob": { email: "bob@example.org", emailVerified: false },
  "session=mallory": { email: "mallory@mailinator.com", emailVerified: true },
  "session=carol": { accountId: "acct_carol", email: "carol@example.org", emailVerified: true },
};

function setup() {
  const audit = createMemoryAuditLog();
  const keys = createMemoryKeyStore();
  const deps: RequestReadOnlyKeyDeps = {
    keys,
    clock: { now: () => Date.parse("2026-11-23T10:00:00.000Z") },
    supportEmail: "support@scan.example.org",
    sessions: { resolve: ({ cookieHeader }) => Promise.resolve(SESSIONS[cookieHeader ?? ""] ?? null) },
    audit,
    counters: createMemoryCounterStore(),
  };
  return { deps, audit, keys };
}

describe("POST /api/v2/keys/request", () => {
  it("issues a read-only key to a verified, non-disposable signed-in user, and audits it without the email", async () => {
    const { deps, audit } = setup();
    const issued = await requestReadOnlyKey(deps, { body: { name: "ci" }, cookieHeader: "session=alice", ip: "203.0.113.7" });
    expect(issued.status).toBe(201);
    expect(IssuedApiKeySchema.parse(issued.body).key).toMatch(/^svc_ro_/);
    const [event] = await audit.list();
    expect(event).toMatchObject({ action: "key_issued", outcome: "allowed" });
    expect(JSON.stringify(await audit.list())).not.toContain("alice");
    expect(JSON.stringify(await audit.list())).not.toContain(issued.body.key);
  });

  it("gives the key to the session's account, so the account can list it; a session without an account owns nothing", async () => {
    const { deps, keys } = setup();
    const carol = await requestReadOnlyKey(deps, { body: { name: "laptop" }, cookieHeader: "session=carol", ip: "203.0.113.7" });
    const [owned, ...others] = await keys.listByOwner("acct_carol");
    expect(others).toEqual([]);
    expect(owned).toMatchObject({ ownerId: "acct_carol", name: "laptop", kind: "self_serve", tokenPrefix: carol.body.tokenPrefix });
    expect(carol.body.key.startsWith(owned!.tokenPrefix)).toBe(true);

    const alice = await requestReadOnlyKey(deps, { body: {}, cookieHeader: "session=alice", ip: "203.0.113.8" });
    const [event] = await deps.audit.list();
    expect((await keys.get(event!.keyId!))?.ownerId).toBeNull();
    expect(alice.body.tokenPrefix).not.toBe(carol.body.tokenPrefix);
    expect(await keys.listByOwner("acct_carol")).toHaveLength(1);
  });

  it.each([
    [undefined, "unauthorized", "sign_in_required"],
    ["session=bob", "forbidden", "email_not_verified"],
    ["session=mallory", "forbidden", "disposable_email"],
  ])("refuses cookie %s with %s and audits the denial (%s)", async (cookieHeader, code, reason) => {
    const { deps, audit } = setup();
    await expect(requestReadOnlyKey(deps, { body: {}, cookieHeader, ip: "203.0.113.7" })).rejects.toMatchObject({ code });
    expect((await audit.list())[0]).toMatchObject({ action: "key_request_denied", reason });
  });

  it("refuses and audits a cross-site request before reading the session, and a body it cannot use", async () => {
    const { deps, audit } = setup();
    let resolved = 0;
    deps.sessions = { resolve: () => ((resolved += 1), Promise.resolve(SESSIONS["session=alice"]!)) };
    await expect(
      requestReadOnlyKey(deps, { body: {}, cookieHeader: "session=alice", ip: "203.0.113.7", crossSite: true }),
    ).rejects.toMatchObject({ code: "forbidden" });
    await expect(requestReadOnlyKey(deps, { body: { name: 42 }, cookieHeader: "session=alice", ip: "203.0.113.7" })).rejects.toMatchObject({
      code: "invalid_request",
    });
    const unreadable = new ServiceError("invalid_request", "The body is not valid JSON.");
    await expect(
      requestReadOnlyKey(deps, { body: undefined, bodyError: unreadable, cookieHeader: "session=alice", ip: "203.0.113.7" }),
    ).rejects.toBe(unreadable);
    expect(resolved).toBe(0);
    // The audit log lists the newest first.
    expect((await audit.list()).map((event) => [event.action, event.reason])).toEqual([
      ["key_request_denied", "invalid_request"],
      ["key_request_denied", "invalid_request"],
      ["key_request_denied", "cross_site"],
    ]);
  });

  it("caps issuance per email per UTC day (3), with Retry-After and machine-readable details", async () => {
    const { deps } = setup();
    for (let index = 0; index < 3; index += 1)
      await requestReadOnlyKey(deps, { body: {}, cookieHeader: "session=alice", ip: `198.51.100.${index}` });
    await expect(requestReadOnlyKey(deps, { body: {}, cookieHeader: "session=alice", ip: "192.0.2.1" })).rejects.toMatchObject({
      code: "rate_limited",
      retryAfterSeconds: 14 * 3600,
      rateLimit: { profile: "key_issuance", scope: "email", window: "utc_day", limit: 3, usage: 3, resetAt: "2026-11-24T00:00:00.000Z" },
    });
  });

  it("refuses a malformed body before anything else, and audits the denial without a subject", async () => {
    const { deps, audit } = setup();
    await expect(
      requestReadOnlyKey(deps, { body: { name: "x", admin: true }, cookieHeader: "session=alice", ip: "203.0.113.7" }),
    ).rejects.toMatchObject({ code: "invalid_request" });
    expect(await audit.list()).toEqual([
      expect.objectContaining({ action: "key_request_denied", reason: "invalid_request", subjectHash: null }),
    ]);
  });
});

describe("helpers", () => {
  it("recognise disposable domains and their subdomains from the maintained list", () => {
    expect(isDisposableEmail("x@mailinator.com")).toBe(true);
    expect(isDisposableEmail("x@eu.mailinator.com")).toBe(true);
    expect(isDisposableEmail("x@example.org")).toBe(false);
  });

  it("count networks per /24 and /64", () => {
    expect(networkOf("203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkOf("::ffff:203.0.113.77")).toBe("203.0.113.0/24");
    expect(networkOf("2001:db8:1:2:3:4:5:6")).toBe("2001:0db8:0001:0002::/64");
    expect(networkOf("2001:db8::1")).toBe("2001:0db8:0000:0000::/64");
  });
});

describe("the key request's audit trail, bounded and keyed", () => {
  it("audits 20 denials per network and hour, then one event for the rest: 500 anonymous requests write 21 rows", async () => {
    const { deps, audit } = setup();
    for (let index = 0; index < 500; index += 1) {
      await expect(requestReadOnlyKey(deps, { body: {}, cookieHeader: undefined, ip: `203.0.113.${index % 200}` })).rejects.toMatchObject({
        code: "unauthorized",
      });
    }
    const events = await audit.list();
    expect(events).toHaveLength(AUDITED_DENIALS_PER_NETWORK_HOUR + 1);
    expect(events.filter((event) => event.reason === "denials_suppressed")).toHaveLength(1);
    // Another network has its own budget: its first denial is audited.
    await expect(requestReadOnlyKey(deps, { body: {}, cookieHeader: undefined, ip: "198.51.100.1" })).rejects.toMatchObject({
      code: "unauthorized",
    });
    expect(await audit.list()).toHaveLength(AUDITED_DENIALS_PER_NETWORK_HOUR + 2);
    // An issuance is always audited.
    await requestReadOnlyKey(deps, { body: {}, cookieHeader: "session=alice", ip: "203.0.113.9" });
    expect((await audit.list()).filter((event) => event.action === "key_issued")).toHaveLength(1);
  });

  it("hashes emails and networks with the deployment's secret (HMAC), not plain SHA-256", async () => {
    const plain = setup();
    const keyed = setup();
    const secret = { ...keyed.deps, identifierSecret: "a-deployment-identifier-secret" };
    await requestReadOnlyKey(plain.deps, { body: {}, cookieHeader: "session=alice", ip: "203.0.113.7" });
    await requestReadOnlyKey(secret, { body: {}, cookieHeader: "session=alice", ip: "203.0.113.7" });
    const [unkeyedEvent] = await plain.audit.list();
    const [keyedEvent] = await keyed.audit.list();
    const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");
    const hmac = (value: string) => createHmac("sha256", "a-deployment-identifier-secret").update(value, "utf8").digest("hex");
    expect(unkeyedEvent).toMatchObject({ subjectHash: sha256("alice@example.org"), networkHash: sha256(networkOf("203.0.113.7")) });
    expect(keyedEvent).toMatchObject({ subjectHash: hmac("alice@example.org"), networkHash: hmac(networkOf("203.0.113.7")) });
  });
});
