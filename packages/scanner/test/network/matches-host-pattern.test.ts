import { describe, expect, it } from "vitest";
import { matchesHostPattern, normalizeHost } from "../../src/network/index.js";

describe("normalizeHost", () => {
  /** Each normal form, and spellings of it the URL standard reads the same way. */
  const SPELLINGS: Record<string, string[]> = {
    "example.com": ["Example.COM", "example.com."],
    "xn--bcher-kva.example": ["bücher.example"],
    "127.0.0.1": ["2130706433", "0177.0.0.1", "0x7f.0.0.1", "0x7f000001", "127.1", "127.0.0.1."],
    "[::1]": ["::1", "[0:0:0:0:0:0:0:1]"],
    "[::ffff:7f00:1]": ["[::FFFF:127.0.0.1]"],
    "metadata.google.internal": ["metadata.google.internal."],
  };
  it.each(Object.entries(SPELLINGS).flatMap(([expected, hosts]) => hosts.map((host) => [host, expected] as const)))(
    "normalises %j to %j",
    (host, expected) => {
      expect(normalizeHost(host)).toBe(expected);
    },
  );

  /** Hosts refused, by why. */
  const REFUSED: Record<string, string[]> = {
    "an empty label": ["", ".", "a..b", "example.com.."],
    "URL syntax in a host": ["evil.test@127.0.0.1", "127.0.0.1:80", "host/path", "a b", "host\\x", "x?y", "x#y"],
    "not an address": ["256.0.0.1", "1.2.3.4.5", "[::1", "[fe80::1%25eth0]", "%31%32%37.0.0.1"],
  };
  it.each(Object.entries(REFUSED).flatMap(([why, hosts]) => hosts.map((host) => [why, host] as const)))("refuses %s: %j", (_why, host) => {
    expect(normalizeHost(host)).toBeUndefined();
  });
});

describe("matchesHostPattern", () => {
  /**
   * Each pattern, the hosts it matches and the ones it does not: exact hosts case-insensitively, `*.domain`
   * any depth of subdomain but not the apex or a look-alike, `*` every valid host, IP literals in one
   * spelling, IDN hosts in either form.
   */
  const PATTERNS: Record<string, { matches: string[]; not: string[] }> = {
    "www.example.com": { matches: ["WWW.Example.Com"], not: ["example.com", "www.example.com.evil.test"] },
    "WWW.EXAMPLE.COM": { matches: ["www.example.com."], not: [] },
    "*.example.com": { matches: ["a.example.com", "a.b.EXAMPLE.com"], not: ["example.com", "badexample.com", "example.com.evil.test"] },
    "*": { matches: ["anything.test", "10.0.0.1"], not: ["evil.test@127.0.0.1"] },
    "127.0.0.1": { matches: ["2130706433"], not: ["127.0.0.2"] },
    "[::1]": { matches: ["::1"], not: [] },
    "*.bücher.example": { matches: ["shop.xn--bcher-kva.example"], not: [] },
  };
  const cases = Object.entries(PATTERNS).flatMap(([pattern, hosts]) => [
    ...hosts.matches.map((host) => [pattern, host, true] as const),
    ...hosts.not.map((host) => [pattern, host, false] as const),
  ]);
  it.each(cases)("%j against %j: %j", (pattern, host, expected) => {
    expect(matchesHostPattern(pattern, host)).toBe(expected);
  });

  it("throws on an invalid pattern", () => {
    expect(() => matchesHostPattern("a.*.example", "a.b.example")).toThrowError(/Invalid host pattern "a\.\*\.example"/);
    expect(() => matchesHostPattern("*.10.0.0.1", "x.10.0.0.1")).toThrowError(/must be followed by a domain name/);
  });
});
