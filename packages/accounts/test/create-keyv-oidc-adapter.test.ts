import { setTimeout as sleep } from "node:timers/promises";
import { Keyv } from "keyv";
import { describe, expect, it } from "vitest";
import { createKeyvOidcAdapter } from "../src/oauth/create-keyv-oidc-adapter.js";

const HOUR = 3600;

/** The adapter class over a fresh in-memory keyv, as oidc-provider instantiates it: one instance per model. */
function setup() {
  const documents = new Keyv();
  const Adapter = createKeyvOidcAdapter(documents);
  return { documents, model: (name: string) => new Adapter(name) };
}

/** A token's payload as oidc-provider stores it: `exp` in seconds. */
const token = (fields: Record<string, unknown>) => ({
  iat: Math.floor(Date.now() / 1000),
  exp: Math.floor(Date.now() / 1000) + HOUR,
  ...fields,
});

describe("createKeyvOidcAdapter", () => {
  it("finds what it upserted, and an update replaces it", async () => {
    const { model } = setup();
    const clients = model("Client");
    await clients.upsert("client-1", { client_id: "client-1", redirect_uris: ["http://127.0.0.1/cb"] }, 0);
    expect(await clients.find("client-1")).toEqual({ client_id: "client-1", redirect_uris: ["http://127.0.0.1/cb"] });
    await clients.upsert("client-1", { client_id: "client-1", client_name: "Renamed" }, 0);
    expect(await clients.find("client-1")).toEqual({ client_id: "client-1", client_name: "Renamed" });
    expect(await clients.find("client-2")).toBeUndefined();
  });

  it("keeps records of two models with the same id apart", async () => {
    const { model } = setup();
    await model("AccessToken").upsert("same-id", token({ kind: "AccessToken" }), HOUR);
    await model("RefreshToken").upsert("same-id", token({ kind: "RefreshToken" }), HOUR);
    expect(await model("AccessToken").find("same-id")).toMatchObject({ kind: "AccessToken" });
    expect(await model("RefreshToken").find("same-id")).toMatchObject({ kind: "RefreshToken" });
    await model("AccessToken").destroy("same-id");
    expect(await model("RefreshToken").find("same-id")).toMatchObject({ kind: "RefreshToken" });
  });

  // The one test that waits (keyv expiry is wall-clock): a record's own expiry, and the grant index after it.
  it("lets a record expire after expiresIn seconds, and still revokes its grant's later tokens", async () => {
    const { model } = setup();
    const access = model("AccessToken");
    await access.upsert("short", token({ grantId: "grant-1" }), 1);
    await access.upsert("long", token({ grantId: "grant-2" }), HOUR);
    expect(await access.find("short")).toBeDefined();
    await sleep(1100);
    expect(await access.find("short")).toBeUndefined();
    expect(await access.find("long")).toBeDefined();
    await access.upsert("later", token({ grantId: "grant-1" }), HOUR);
    await access.revokeByGrantId("grant-1");
    expect(await access.find("later")).toBeUndefined();
    expect(await access.find("long")).toBeDefined();
  });

  it("stores tokens and codes under their hash, without their id in the payload: a copy of the store holds no usable token", async () => {
    const documents = new Keyv();
    const written: Array<[string, unknown]> = [];
    const set = documents.set.bind(documents);
    documents.set = (key: string, value: unknown, ttl?: number) => (written.push([key, value]), set(key, value, ttl));
    const Adapter = createKeyvOidcAdapter(documents);
    const secret = "rt_SECRET-REFRESH-TOKEN-VALUE";
    await new Adapter("RefreshToken").upsert(secret, token({ jti: secret, grantId: "grant-9" }), HOUR);
    await new Adapter("AuthorizationCode").upsert("CODE-SECRET-1", token({ jti: "CODE-SECRET-1", grantId: "grant-9" }), 60);
    expect(JSON.stringify(written)).not.toContain("SECRET");
    // Found by the value the client presents, with its id as oidc-provider expects it; consumed, still found.
    expect(await new Adapter("RefreshToken").find(secret)).toMatchObject({ jti: secret, grantId: "grant-9" });
    await new Adapter("AuthorizationCode").consume("CODE-SECRET-1");
    expect(await new Adapter("AuthorizationCode").find("CODE-SECRET-1")).toMatchObject({
      jti: "CODE-SECRET-1",
      consumed: expect.any(Number) as number,
    });
    expect(JSON.stringify(written)).not.toContain("SECRET");
    await new Adapter("RefreshToken").revokeByGrantId("grant-9");
    expect(await new Adapter("RefreshToken").find(secret)).toBeUndefined();
  });

  it("forgets a registered client unused for unusedClientTtlMs, and keeps one for good once kept", async () => {
    const documents = new Keyv();
    const Adapter = createKeyvOidcAdapter(documents, { unusedClientTtlMs: 300 });
    const clients = new Adapter("Client");
    await clients.upsert("unused", { client_id: "unused" }, 0);
    await clients.upsert("used", { client_id: "used" }, 0);
    await Adapter.keepClient("used");
    // Registered again (oidc-provider rewrites a client on updates): a kept client stays kept.
    await clients.upsert("used", { client_id: "used", client_name: "Renamed" }, 0);
    await sleep(450);
    expect(await clients.find("unused")).toBeUndefined();
    expect(await clients.find("used")).toEqual({ client_id: "used", client_name: "Renamed" });
  });

  it("marks a consumed record and keeps it, with its other fields", async () => {
    const { model } = setup();
    const codes = model("AuthorizationCode");
    const payload = token({ grantId: "g", accountId: "acct_1", clientId: "client-1" });
    await codes.upsert("code-1", payload, HOUR);
    const before = Math.floor(Date.now() / 1000);
    await codes.consume("code-1");
    const consumed = await codes.find("code-1");
    expect(consumed).toMatchObject(payload);
    expect(consumed?.consumed).toBeGreaterThanOrEqual(before);
    expect(consumed?.consumed).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    // Consuming something that is not there creates nothing.
    await codes.consume("missing");
    expect(await codes.find("missing")).toBeUndefined();
  });

  it("finds a session by its uid, until the session is destroyed", async () => {
    const { model, documents } = setup();
    const sessions = model("Session");
    await sessions.upsert("session-1", { uid: "uid-1", accountId: "acct_1" }, HOUR);
    await sessions.upsert("session-2", { uid: "uid-2", accountId: "acct_2" }, HOUR);
    expect(await sessions.findByUid("uid-1")).toMatchObject({ uid: "uid-1", accountId: "acct_1" });
    expect(await sessions.findByUid("uid-3")).toBeUndefined();
    await sessions.destroy("session-1");
    expect(await sessions.find("session-1")).toBeUndefined();
    expect(await sessions.findByUid("uid-1")).toBeUndefined();
    // The uid index goes with it, not only the record it pointed at.
    expect(await documents.has("oidc:session_uid:uid-1")).toBe(false);
    expect(await sessions.findByUid("uid-2")).toMatchObject({ accountId: "acct_2" });
  });

  it("finds a device code by its user code, until it is destroyed", async () => {
    const { model } = setup();
    const deviceCodes = model("DeviceCode");
    await deviceCodes.upsert("device-1", token({ userCode: "ABCD-EFGH", grantId: "g" }), HOUR);
    expect(await deviceCodes.findByUserCode("ABCD-EFGH")).toMatchObject({ userCode: "ABCD-EFGH" });
    expect(await deviceCodes.findByUserCode("WXYZ-0000")).toBeUndefined();
    await deviceCodes.destroy("device-1");
    expect(await deviceCodes.findByUserCode("ABCD-EFGH")).toBeUndefined();
  });

  it("revokes every token and code of a grant, and nothing of another grant or model", async () => {
    const { model } = setup();
    const [access, refresh, codes, clients] = ["AccessToken", "RefreshToken", "AuthorizationCode", "Client"].map(model) as [
      ReturnType<typeof model>,
      ReturnType<typeof model>,
      ReturnType<typeof model>,
      ReturnType<typeof model>,
    ];
    await access.upsert("at-1", token({ grantId: "grant-1" }), HOUR);
    await access.upsert("at-2", token({ grantId: "grant-1" }), 600);
    await refresh.upsert("rt-1", token({ grantId: "grant-1" }), HOUR);
    await codes.upsert("ac-1", token({ grantId: "grant-1" }), 60);
    await access.upsert("at-other", token({ grantId: "grant-2" }), HOUR);
    await refresh.upsert("rt-other", token({ grantId: "grant-2" }), HOUR);
    await clients.upsert("client-1", { client_id: "client-1" }, 0);

    await access.revokeByGrantId("grant-1");

    for (const [adapter, id] of [
      [access, "at-1"],
      [access, "at-2"],
      [refresh, "rt-1"],
      [codes, "ac-1"],
    ] as const) {
      expect(await adapter.find(id)).toBeUndefined();
    }
    expect(await access.find("at-other")).toBeDefined();
    expect(await refresh.find("rt-other")).toBeDefined();
    expect(await clients.find("client-1")).toBeDefined();
    // The other grant can still be revoked in full afterwards.
    await refresh.revokeByGrantId("grant-2");
    expect(await access.find("at-other")).toBeUndefined();
    expect(await refresh.find("rt-other")).toBeUndefined();
  });

  it("revokes nothing for an unknown grant", async () => {
    const { model } = setup();
    const access = model("AccessToken");
    await access.upsert("at-1", token({ grantId: "grant-1" }), HOUR);
    await access.revokeByGrantId("grant-unknown");
    expect(await access.find("at-1")).toBeDefined();
  });
});
