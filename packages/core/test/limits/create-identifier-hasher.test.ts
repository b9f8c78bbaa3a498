import { describe, expect, it } from "vitest";
import { createIdentifierHasher } from "../../src/limits/create-identifier-hasher.js";

describe("identifier hasher", () => {
  it("gives a stable 128-bit hex token that does not contain the identifier", async () => {
    const hash = createIdentifierHasher();
    const token = await hash({ kind: "ip", value: "203.0.113.77" });
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(await hash({ kind: "ip", value: "203.0.113.77" })).toBe(token);
    expect(await hash({ kind: "ip", value: "203.0.113.78" })).not.toBe(token);
  });

  it("hashes the same value apart in different roles", async () => {
    const hash = createIdentifierHasher();
    expect(await hash({ kind: "caller", value: "x" })).not.toBe(await hash({ kind: "resource", value: "x" }));
  });

  it("is keyed by the secret: the same for equal secrets, different otherwise", async () => {
    const id = { kind: "key", value: "svc_ro_0123456789abcdef" } as const;
    const one = await createIdentifierHasher({ secret: "s1" })(id);
    expect(await createIdentifierHasher({ secret: "s1" })(id)).toBe(one);
    expect(await createIdentifierHasher({ secret: "s2" })(id)).not.toBe(one);
    expect(await createIdentifierHasher()(id)).not.toBe(one);
  });
});
