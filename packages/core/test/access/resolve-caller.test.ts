import { describe, expect, it } from "vitest";
import { resolveCaller, UNKNOWN_CLIENT } from "../../src/access/resolve-caller.js";
import { issueApiKey } from "../../src/keys/issue-api-key.js";
import { createMemoryKeyStore } from "../../src/stores/create-memory-key-store.js";

const clock = { now: () => Date.parse("2026-11-24T12:00:00Z") };

async function keyWith(scopes: Array<"scan:read" | "mcp">) {
  const keys = createMemoryKeyStore();
  const issued = await issueApiKey({ keys, clock, supportEmail: "support@example.org" }, { scopes, kind: "support", name: "test" });
  return { keys, token: issued.resource.key };
}

describe("resolveCaller", () => {
  it("serves public routes anonymously by address, or as the unknown client", async () => {
    const { keys } = await keyWith(["scan:read"]);
    const access = { security: "none", scopes: [] } as const;
    await expect(resolveCaller({ keys, clock }, { access, authorization: "Bearer junk", clientAddress: "203.0.113.7" })).resolves.toEqual({
      caller: { kind: "anonymous", ip: "203.0.113.7" },
      credential: null,
    });
    expect((await resolveCaller({ keys, clock }, { access, authorization: undefined, clientAddress: null })).caller).toEqual({
      kind: "anonymous",
      ip: UNKNOWN_CLIENT,
    });
  });

  it("needs a valid key with the scopes on bearer routes: 401 without or with a bad one, 403 without the scope", async () => {
    const { keys, token } = await keyWith(["mcp"]);
    const access = { security: "bearer", scopes: ["scan:read"] } as const;
    const input = (authorization: string | undefined) => ({ access, authorization, clientAddress: "203.0.113.7" });
    await expect(resolveCaller({ keys, clock }, input(undefined))).rejects.toMatchObject({ code: "unauthorized" });
    await expect(resolveCaller({ keys, clock }, input("Bearer svc_nope"))).rejects.toMatchObject({ code: "unauthorized" });
    await expect(resolveCaller({ keys, clock }, input(`Bearer ${token}`))).rejects.toMatchObject({ code: "forbidden" });
    const mcp = { access: { security: "bearer", scopes: ["mcp"] } as const, authorization: `Bearer ${token}`, clientAddress: null };
    expect((await resolveCaller({ keys, clock }, mcp)).caller).toMatchObject({ kind: "key" });
  });

  it("takes an empty header on an optional-bearer route as a credential that fails, not as anonymous", async () => {
    const { keys } = await keyWith(["scan:read"]);
    const access = { security: "bearer_optional", scopes: [] } as const;
    for (const authorization of ["", " ", "Bearer"]) {
      await expect(resolveCaller({ keys, clock }, { access, authorization, clientAddress: "203.0.113.7" })).rejects.toMatchObject({
        code: "unauthorized",
      });
    }
    expect((await resolveCaller({ keys, clock }, { access, authorization: undefined, clientAddress: "203.0.113.7" })).caller.kind).toBe(
      "anonymous",
    );
  });
});
