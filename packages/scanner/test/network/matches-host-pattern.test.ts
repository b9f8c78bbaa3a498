import { describe, expect, it } from "vitest";
import { matchesHostPattern, normalizeHost } from "../../src/network/index.js";

describe("normalizeHost", () => {
  it.each([
    ["Example.COM", "example.com"],
    ["example.com.", "example.com"],
    ["bücher.example", "xn--bcher-kva.example"],
    ["2130706433", "127.0.0.1"],
    ["0177.0.0.1", "127.0.0.1"],
    ["0x7f.0.0.1", "127.0.0.1"],
    ["0x7f000001", "127.0.0.1"],
    ["127.1", "127.0.0.1"],
    ["127.0.0.1.", "127.0.0.1"],
    ["::1", "[::1]"],
    ["[0:0:0:0:0:0:0:1]", "[::1]"],
    ["[::FFFF:127.0.0.1]", "[::ffff:7f00:1]"],
    ["metadata.google.internal.", "metadata.google.internal"],
  ])("normalises %j to %j", (host, expected) => {
    expect(normalizeHost(host)).toBe(expected);
  });

  it.each([
    "",
    ".",
    "a..b",
    "example.com..",
    "evil.test@127.0.0.1",
    "127.0.0.1:80",
    "host/path",
    "a b",
    "host\\x",
    "256.0.0.1",
    "1.2.3.4.5",
    "[::1",
    "[fe80::1%25eth0]",
    "%31%32%37.0.0.1",
    "x?y",
    "x#y",
  ])("refuses %j", (host) => {
    expect(normalizeHost(host)).toBeUndefined();
  });
});

describe("matchesHostPattern", () => {
  it("matches an exact host case-insensitively", () => {
    expect(matchesHostPattern("www.example.com", "WWW.Example.Com")).toBe(true);
    expect(matchesHostPattern("WWW.EXAMPLE.COM", "www.example.com.")).toBe(true);
    expect(matchesHostPattern("www.example.com", "example.com")).toBe(false);
    expect(matchesHostPattern("www.example.com", "www.example.com.evil.test")).toBe(false);
  });

  it("matches subdomains at any depth with *.domain, but not the apex or a look-alike", () => {
    expect(matchesHostPattern("*.example.com", "a.example.com")).toBe(true);
    expect(matchesHostPattern("*.example.com", "a.b.EXAMPLE.com")).toBe(true);
    expect(matchesHostPattern("*.example.com", "example.com")).toBe(false);
    expect(matchesHostPattern("*.example.com", "badexample.com")).toBe(false);
    expect(matchesHostPattern("*.example.com", "example.com.evil.test")).toBe(false);
  });

  it("matches everything with *", () => {
    expect(matchesHostPattern("*", "anything.test")).toBe(true);
    expect(matchesHostPattern("*", "10.0.0.1")).toBe(true);
  });

  it("compares IP literals in one spelling", () => {
    expect(matchesHostPattern("127.0.0.1", "2130706433")).toBe(true);
    expect(matchesHostPattern("[::1]", "::1")).toBe(true);
    expect(matchesHostPattern("127.0.0.1", "127.0.0.2")).toBe(false);
  });

  it("matches IDN hosts in either form", () => {
    expect(matchesHostPattern("*.bücher.example", "shop.xn--bcher-kva.example")).toBe(true);
  });

  it("never matches an invalid host and throws on an invalid pattern", () => {
    expect(matchesHostPattern("*", "evil.test@127.0.0.1")).toBe(false);
    expect(() => matchesHostPattern("a.*.example", "a.b.example")).toThrowError(/Invalid host pattern "a\.\*\.example"/);
    expect(() => matchesHostPattern("*.10.0.0.1", "x.10.0.0.1")).toThrowError(/must be followed by a domain name/);
  });
});
