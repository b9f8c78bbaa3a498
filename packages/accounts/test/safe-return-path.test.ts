import { describe, expect, it } from "vitest";
import { safeReturnPath } from "../src/web/safe-return-path.js";

describe("safeReturnPath", () => {
  it.each(["/account", "/interaction/abc?x=1", "/account/keys#new-key", "/a/b%2Fc?q=%20x", "/"])("keeps %s unchanged", (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    ["a protocol-relative URL", "//evil.example"],
    ["a protocol-relative URL with a path", "//evil.example/account"],
    ["a slash and a backslash (read as //)", "/\\evil.example"],
    ["two backslashes", "\\\\evil"],
    ["a backslash further on", "/account\\..\\..\\evil"],
    ["an absolute URL", "https://evil.example"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "account"],
    ["an empty string", ""],
    ["CR LF (header injection)", "/foo\r\nSet-Cookie: x"],
    ["a newline", "/foo\nbar"],
    ["a tab (browsers drop it, making //)", "/\t/evil.example"],
    ["a NUL", "/foo\u0000"],
    ["DEL", "/foo\u007f"],
    ["a space", "/foo bar"],
    // Not ASCII: a Location header carries bytes, and characters above U+00FF cannot be sent at all.
    ["a line separator", "/foo\u2028bar"],
    ["a Latin-1 letter", "/caf\u00e9"],
    ["a fullwidth solidus", "/\uff0fevil.example"],
    ["more than 2048 characters", `/${"a".repeat(2048)}`],
  ])("drops %s", (_name, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it("keeps a path of exactly 2048 characters", () => {
    const path = `/${"a".repeat(2047)}`;
    expect(safeReturnPath(path)).toBe(path);
  });

  it("drops what is not a string", () => {
    for (const value of [null, undefined, 42, ["/account"], { toString: () => "/account" }]) {
      expect(safeReturnPath(value as string)).toBeNull();
    }
  });

  it("returns only values a Location header can carry", () => {
    for (const value of ["/account", "/foo\u2028bar", "/caf\u00e9", "/foo\r\nx"]) {
      const kept = safeReturnPath(value);
      if (kept !== null) expect(() => new Headers({ location: kept })).not.toThrow();
    }
  });
});
