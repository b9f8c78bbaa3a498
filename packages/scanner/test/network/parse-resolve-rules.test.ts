import { describe, expect, it } from "vitest";
import { findResolveRule, parseResolveRules } from "../../src/network/index.js";

describe("parseResolveRules", () => {
  it("parses exact, wildcard and catch-all patterns with IPv4 and bracketed IPv6 addresses", () => {
    expect(
      parseResolveRules(["www.example.com=10.0.0.5", "*.fixture.test=127.0.0.1:47080", "*=[::1]:8443", "v6.example=[2001:DB8:0::1]"]),
    ).toEqual([
      { pattern: "www.example.com", address: "10.0.0.5", family: 4 },
      { pattern: "*.fixture.test", address: "127.0.0.1", family: 4, port: 47080 },
      { pattern: "*", address: "::1", family: 6, port: 8443 },
      { pattern: "v6.example", address: "2001:db8::1", family: 6 },
    ]);
  });

  it("normalises patterns like the browser: case, IDN and a trailing dot", () => {
    const [rule] = parseResolveRules(["  WWW.Bücher.Example.=192.0.2.1  "]);
    expect(rule?.pattern).toBe("www.xn--bcher-kva.example");
  });

  it("accepts an IP literal as an exact pattern", () => {
    expect(parseResolveRules(["127.0.0.1=127.0.0.1:9", "[::1]=[::1]"]).map((rule) => rule.pattern)).toEqual(["127.0.0.1", "[::1]"]);
  });

  it("accepts the port bounds 1 and 65535", () => {
    expect(parseResolveRules(["a.test=127.0.0.1:1", "b.test=127.0.0.1:65535"]).map((rule) => rule.port)).toEqual([1, 65535]);
  });

  it.each([
    ["", "empty"],
    ["   ", "empty"],
    ["www.example.com", 'no "="'],
    ["=127.0.0.1", "pattern"],
    ["www.example.com=", "address"],
    ["www.example.com=localhost", "address"],
    ["www.example.com=999.0.0.1", "address"],
    ["www.example.com=0x7f.0.0.1", "address"],
    ["www.example.com=::1", "address"],
    ["www.example.com=[::1", "address"],
    ["www.example.com=[::1]8080", "address"],
    ["www.example.com=[not-v6]", "address"],
    ["www.example.com=[127.0.0.1]", "address"],
    ["www.example.com=127.0.0.1:0", "port"],
    ["www.example.com=127.0.0.1:65536", "port"],
    ["www.example.com=127.0.0.1:", "port"],
    ["www.example.com=127.0.0.1:80a", "port"],
    ["www.example.com=127.0.0.1:+80", "port"],
    ["www.*.com=127.0.0.1", "pattern"],
    ["*example.com=127.0.0.1", "pattern"],
    ["*.=127.0.0.1", "pattern"],
    ["*.0.0.1=127.0.0.1", "pattern"],
    ["user@host=127.0.0.1", "pattern"],
    ["host/path=127.0.0.1", "pattern"],
    ["host:80=127.0.0.1", "pattern"],
    ["ho st=127.0.0.1", "pattern"],
    ["a..b=127.0.0.1", "pattern"],
  ])("refuses %j (%s) with an error naming the spec", (spec, topic) => {
    expect(() => parseResolveRules(["ok.test=127.0.0.1", spec])).toThrowError(
      new RegExp(`Invalid resolve rule ${escape(JSON.stringify(spec))}.*${topic}`),
    );
  });

  it("cuts a huge spec short in the error message", () => {
    const spec = `${"a".repeat(5000)}=nowhere`;
    let message = "";
    try {
      parseResolveRules([spec]);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid resolve rule "a+…"/);
    expect(message.length).toBeLessThan(300);
  });
});

describe("findResolveRule", () => {
  const rules = parseResolveRules(["www.fixture.test=127.0.0.2", "*.fixture.test=127.0.0.1:47080", "*=192.0.2.1"]);

  it("returns the first matching rule: order is the priority", () => {
    expect(findResolveRule(rules, "www.fixture.test")?.address).toBe("127.0.0.2");
    expect(findResolveRule(rules, "cdn.fixture.test")?.address).toBe("127.0.0.1");
    expect(findResolveRule(parseResolveRules(["*=192.0.2.1", "www.fixture.test=127.0.0.2"]), "www.fixture.test")?.address).toBe(
      "192.0.2.1",
    );
  });

  it("does not let a wildcard match the apex domain", () => {
    expect(findResolveRule(parseResolveRules(["*.fixture.test=127.0.0.1"]), "fixture.test")).toBeUndefined();
  });

  it("matches hosts case-insensitively and in the browser's spelling", () => {
    expect(findResolveRule(rules, "CDN.Fixture.Test.")?.port).toBe(47080);
    expect(findResolveRule(parseResolveRules(["127.0.0.1=[::1]"]), "0x7f.1")?.address).toBe("::1");
  });

  it("lets * match IP literals too, and nothing match an invalid host", () => {
    expect(findResolveRule(rules, "203.0.113.9")?.address).toBe("192.0.2.1");
    expect(findResolveRule(rules, "bad host")).toBeUndefined();
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
