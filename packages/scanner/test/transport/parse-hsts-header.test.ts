import { describe, expect, it } from "vitest";
import { NO_HSTS, parseHstsHeader } from "../../src/transport/parse-hsts-header.js";

const valid = (maxAgeSeconds: number, includeSubDomains = false, preload = false) => ({
  present: true,
  valid: true,
  maxAgeSeconds,
  includeSubDomains,
  preload,
});
const INVALID = { present: true, valid: false, maxAgeSeconds: null, includeSubDomains: false, preload: false };

describe("parseHstsHeader", () => {
  it("reads no header as absent", () => {
    expect(parseHstsHeader(undefined)).toEqual(NO_HSTS);
    expect(parseHstsHeader(null)).toEqual(NO_HSTS);
  });

  it.each([
    ["max-age=31536000", valid(31_536_000)],
    ["max-age=63072000; includeSubDomains; preload", valid(63_072_000, true, true)],
    ["MAX-AGE=10;INCLUDESUBDOMAINS", valid(10, true)],
    ['max-age="300"', valid(300)],
    ["  max-age = 60 ;  preload ;", valid(60, false, true)],
    ["max-age=0", valid(0)],
    ["preload; max-age=86400", valid(86_400, false, true)],
    ['max-age=86400; report-uri="https://r.test/x"; unknown', valid(86_400)],
    ["max-age=99999999999999999999", valid(Number.MAX_SAFE_INTEGER)],
    ["max-age=1;;includeSubDomains", valid(1, true)],
  ])("parses %j", (header, expected) => {
    expect(parseHstsHeader(header)).toEqual(expected);
  });

  it.each([
    ["", "no max-age"],
    ["includeSubDomains; preload", "no max-age"],
    ["max-age=", "empty max-age"],
    ["max-age=-1", "a negative max-age"],
    ["max-age=1.5", "a fractional max-age"],
    ["max-age=abc", "a non-numeric max-age"],
    ["max-age=1; max-age=2", "a repeated directive"],
    ["max-age=1; includeSubDomains; includesubdomains", "a repeated directive, case-insensitively"],
    ["max-age=1; includeSubDomains=yes", "a value on includeSubDomains"],
    ["max-age=1; preload=1", "a value on preload"],
    ['max-age="300', "an unterminated quote"],
    ["max-age=1, max-age=2", "a comma-joined second value"],
  ])("marks %j invalid (%s)", (header) => {
    expect(parseHstsHeader(header)).toEqual(INVALID);
  });

  it("uses only the first of several header lines, as RFC 6797 8.1 says", () => {
    expect(parseHstsHeader("max-age=100\nmax-age=200; includeSubDomains")).toEqual(valid(100));
    expect(parseHstsHeader("garbage\nmax-age=200")).toEqual(INVALID);
  });
});
