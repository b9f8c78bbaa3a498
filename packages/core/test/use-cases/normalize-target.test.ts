import { describe, expect, it } from "vitest";
import { HostSchema } from "../../src/contract/primitives.js";
import { normalizeTarget } from "../../src/use-cases/normalize-target.js";

const regions = { scanRegions: ["self_hosted"], defaultScanRegion: "self_hosted" };

describe("normalizeTarget", () => {
  it("takes a host's trailing dot as the same site: the domain fits the contract's host shape", () => {
    const dotted = normalizeTarget({ url: "https://Example.COM./news" }, regions);
    expect(dotted).toMatchObject({ url: "https://example.com/news", domain: "example.com" });
    expect(HostSchema.safeParse(dotted.domain).success).toBe(true);
    expect(dotted.targetKey).toBe(normalizeTarget({ url: "https://example.com/news" }, regions).targetKey);
  });

  it("keeps the port and drops the fragment", () => {
    expect(normalizeTarget({ url: "http://example.com.:8080/a#top" }, regions)).toMatchObject({
      url: "http://example.com:8080/a",
      domain: "example.com",
    });
  });
});
