import { describe, expect, it } from "vitest";
import { createUrlSealer } from "../../src/use-cases/create-url-sealer.js";

const url = "https://www.example.test/account?token=tok_CANARY_5f2e9a&p=2";

describe("createUrlSealer", () => {
  it("seals a URL so that the sealed text does not show it, and a sealer with the same secret opens it", () => {
    const sealed = createUrlSealer({ secret: "deployment-secret" }).seal(url);
    expect(sealed).not.toContain("tok_CANARY");
    expect(sealed).not.toContain("example.test");
    expect(createUrlSealer({ secret: "deployment-secret" }).open(sealed)).toBe(url);
    // Each seal is fresh (random IV): equal URLs do not give equal sealed texts.
    expect(createUrlSealer({ secret: "deployment-secret" }).seal(url)).not.toBe(sealed);
  });

  it("opens nothing sealed under another key, and nothing damaged or forged", () => {
    const sealer = createUrlSealer({ secret: "deployment-secret" });
    const sealed = sealer.seal(url);
    expect(createUrlSealer({ secret: "another-secret" }).open(sealed)).toBeNull();
    expect(createUrlSealer().open(sealed)).toBeNull();
    const [version, iv, body] = sealed.split(".") as [string, string, string];
    const flipped = `${body.slice(0, 5)}${body[5] === "A" ? "B" : "A"}${body.slice(6)}`;
    for (const bad of [`${version}.${iv}.${flipped}`, `v2.${iv}.${body}`, `${version}.${iv}`, `${sealed}.x`, "", "v1..", "v1.AAAA.AAAA"]) {
      expect(sealer.open(bad)).toBeNull();
    }
  });

  it("without a secret, seals under a key of its own that no other sealer has", () => {
    const own = createUrlSealer();
    expect(own.open(own.seal(url))).toBe(url);
    expect(createUrlSealer().open(own.seal(url))).toBeNull();
  });
});
