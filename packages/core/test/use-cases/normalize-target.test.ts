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

  it("scans the query, keys reuse on the full URL's hash, and shows neither", () => {
    const one = normalizeTarget({ url: "https://example.com/list?p=1&token=tok_CANARY#top" }, regions);
    expect(one).toMatchObject({ url: "https://example.com/list", scanUrl: "https://example.com/list?p=1&token=tok_CANARY" });
    expect(one.targetKey).toMatch(/^self_hosted\|[0-9a-f]{64}$/);
    expect(one.targetKey).not.toContain("tok_CANARY");
    const two = normalizeTarget({ url: "https://example.com/list?p=2&token=tok_CANARY" }, regions);
    expect(two.targetKey).not.toBe(one.targetKey);
    expect(normalizeTarget({ url: "https://example.com/list?p=1&token=tok_CANARY" }, regions).targetKey).toBe(one.targetKey);
    // No query, or an empty one, is the page itself.
    const bare = normalizeTarget({ url: "https://example.com/list" }, regions);
    expect(bare.scanUrl).toBe(bare.url);
    expect(normalizeTarget({ url: "https://example.com/list?" }, regions).targetKey).toBe(bare.targetKey);
  });
});
