import { describe, expect, it } from "vitest";
import { AuthCheckSchema, IssuedApiKeySchema } from "../../src/contract/index.js";
import { authenticate, checkCredential, requireScopes } from "../../src/keys/authenticate.js";
import { generateApiKeyToken, hashApiKeyToken, toTokenSymbol } from "../../src/keys/api-key-token.js";
import { issueApiKey } from "../../src/keys/issue-api-key.js";
import { revokeApiKey } from "../../src/keys/revoke-api-key.js";
import { createMemoryAuditLog } from "../../src/stores/create-memory-audit-log.js";
import { createMemoryKeyStore } from "../../src/stores/create-memory-key-store.js";

const issuedAt = Date.parse("2026-11-23T10:00:00.000Z");

function setup() {
  let now = issuedAt;
  const keys = createMemoryKeyStore();
  const deps = { keys, clock: { now: () => now }, supportEmail: "support@scan.example.org" };
  return { deps, keys, advance: (ms: number) => (now += ms) };
}

describe("API keys", () => {
  it("issues a self-serve key as the contract says: svc_ro_, scan:read and mcp, 90 days, shown once", async () => {
    const { deps, keys } = setup();
    const { record, resource } = await issueApiKey(deps, { kind: "self_serve", name: "ci", scopes: ["scan:create"] });
    expect(IssuedApiKeySchema.parse(resource)).toEqual(resource);
    expect(resource.key).toMatch(/^svc_ro_[A-Za-z0-9]{32}$/);
    expect(resource.scopes).toEqual(["scan:read", "mcp"]);
    expect(resource.expiresAt).toBe("2027-02-21T10:00:00.000Z");
    expect(resource.rateLimits).toEqual({ requestsPerMinute: 60, scanReadsPerDay: 500 });
    expect(resource.usageGuidance.scanCreateRequiresSupport).toBe(true);
    expect(resource.key.startsWith(resource.tokenPrefix)).toBe(true);
    // Only the hash is kept: nothing stored contains the token.
    const stored = await keys.get(record.keyId);
    expect(JSON.stringify(stored)).not.toContain(resource.key);
    expect(stored?.hash).toBe(hashApiKeyToken(resource.key));
  });

  it("authenticates a valid bearer key and refuses everything else with one unauthorized message", async () => {
    const { deps, advance, keys } = setup();
    const { resource, record } = await issueApiKey(deps, { kind: "self_serve" });
    await expect(authenticate(deps, `Bearer ${resource.key}`)).resolves.toMatchObject({
      keyId: record.keyId,
      selfServe: true,
      scopes: ["scan:read", "mcp"],
    });
    expect(await authenticate(deps, undefined)).toBeNull();
    for (const header of [
      `Basic ${resource.key}`,
      "Bearer",
      `Bearer ${resource.key}x`,
      `Bearer ${"a".repeat(5000)}`,
      "Bearer svc_ro_' OR 1=1 --",
      `Bearer ${generateApiKeyToken("svc_ro_")}`,
    ]) {
      await expect(authenticate(deps, header)).rejects.toMatchObject({
        code: "unauthorized",
        message: "The credential is missing, malformed, expired or revoked.",
      });
    }
    await keys.revoke(record.keyId, new Date().toISOString());
    await expect(authenticate(deps, `Bearer ${resource.key}`)).rejects.toMatchObject({ code: "unauthorized" });
    const second = await issueApiKey(deps, { kind: "self_serve" });
    advance(90 * 86_400_000);
    await expect(authenticate(deps, `Bearer ${second.resource.key}`)).rejects.toMatchObject({ code: "unauthorized" });
  });

  it("401 for a missing or bad credential, 403 for a missing scope", async () => {
    const { deps } = setup();
    const { resource } = await issueApiKey(deps, { kind: "self_serve" });
    const credential = (await authenticate(deps, `Bearer ${resource.key}`))!;
    expect(() => requireScopes(credential, ["scan:read"])).not.toThrow();
    expect(() => requireScopes(credential, ["scan:create"])).toThrow(expect.objectContaining({ code: "forbidden", status: 403 }));
    await expect(checkCredential(deps, undefined)).rejects.toMatchObject({ code: "unauthorized", status: 401 });
    expect(AuthCheckSchema.parse(await checkCredential(deps, `Bearer ${resource.key}`))).toMatchObject({
      authenticated: true,
      scopes: ["scan:read", "mcp"],
    });
  });

  it("support keys carry the scopes an operator gives, scan:create included", async () => {
    const { deps } = setup();
    const { resource } = await issueApiKey(deps, { kind: "support", scopes: ["scan:read", "scan:create", "mcp"], validDays: 30 });
    expect(resource.key).toMatch(/^svc_[A-Za-z0-9]{32}$/);
    expect(resource.usageGuidance.scanCreateRequiresSupport).toBe(false);
    expect(resource.expiresAt).toBe("2026-12-23T10:00:00.000Z");
    await expect(issueApiKey(deps, { kind: "support", scopes: [] })).rejects.toThrow("scope");
  });

  it("records the owner it is given, and no owner otherwise", async () => {
    const { deps, keys } = setup();
    const owned = await issueApiKey(deps, { kind: "self_serve", ownerId: "acct_1" });
    const support = await issueApiKey(deps, { kind: "support", scopes: ["scan:read"] });
    expect(owned.record.ownerId).toBe("acct_1");
    expect(support.record.ownerId).toBeNull();
    expect(await keys.get(support.record.keyId)).toMatchObject({ ownerId: null });
    expect((await keys.listByOwner("acct_1")).map((record) => record.keyId)).toEqual([owned.record.keyId]);
  });

  it("maps bytes to symbols without modulo bias: each of the 62 symbols from exactly 4 of the 248 kept bytes", () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 256; byte += 1) {
      const symbol = toTokenSymbol(byte);
      if (byte >= 248) expect(symbol, `byte ${byte}`).toBeNull();
      else counts.set(symbol!, (counts.get(symbol!) ?? 0) + 1);
    }
    expect(counts.size).toBe(62);
    expect(new Set(counts.values())).toEqual(new Set([4]));
  });

  it("drops the bytes a `% 62` generator would fold onto the first symbols", () => {
    // A scripted source: the bytes 248..255 first, then 0..55. A plain `% 62` would turn the first eight
    // into "ABCDEFGH" (248..255 % 62 = 0..7) and start the secret with them twice; this one skips them.
    const scripted = () => Uint8Array.from([248, 249, 250, 251, 252, 253, 254, 255, ...Array.from({ length: 56 }, (_, index) => index)]);
    const token = generateApiKeyToken("svc_ro_", scripted);
    expect(token).toBe(`svc_ro_${"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef"}`);
  });

  it("draws from the system's CSPRNG: no repeats, every symbol in use", () => {
    const tokens = new Set(Array.from({ length: 2000 }, () => generateApiKeyToken("svc_ro_")));
    expect(tokens.size).toBe(2000);
    expect(new Set([...tokens].join("").replaceAll("svc_ro_", "")).size).toBe(62);
  });
});

describe("revokeApiKey", () => {
  it("stops a key at once, audits it once, and reports a second revocation as nothing done", async () => {
    const { deps } = setup();
    const audit = createMemoryAuditLog();
    const { record, resource } = await issueApiKey(deps, { kind: "self_serve" });
    expect(await revokeApiKey({ ...deps, audit }, { keyId: record.keyId })).toEqual({ revoked: true });
    await expect(authenticate(deps, `Bearer ${resource.key}`)).rejects.toMatchObject({ code: "unauthorized" });
    expect(await revokeApiKey({ ...deps, audit }, { keyId: record.keyId })).toEqual({ revoked: false });
    expect(await revokeApiKey({ ...deps, audit }, { keyId: "key_unknown" })).toEqual({ revoked: false });
    expect((await audit.list()).map((event) => [event.action, event.keyId])).toEqual([["key_revoked", record.keyId]]);
  });
});
